-- The site the enquiry was sent from (the payload's compname), passed on by the webhook.
ALTER TABLE enquiries ADD COLUMN company_name TEXT;
