declare module 'astro:env/client' {
	export const VITE_COMPANY_NAME: string;	
	export const VITE_SUPPORT_EMAIL: string;	
	export const VITE_API_BASE: string;	
	export const VITE_RECAPTCHA_SITE_KEY: string;	
}declare module 'astro:env/server' {
	export const VITE_SITE_URL: string | undefined;	
	export const ENQUIRY_RETENTION_DAYS: number;	
	export const CMS_GITHUB_REPO: string | undefined;	
	export const CMS_GITHUB_BRANCH: string;	
	export const SMTP_URL: string | undefined;	
	export const ENQUIRY_WEBHOOK_URL: string | undefined;	
}