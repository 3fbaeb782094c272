import { type TapTargets, telAddress, whatsappAddress } from "../../contract/contact-taps";
import { builtContent } from "../content/site-content";

// contract/contact-taps.ts's tap targets: where the server's /go/phone and /go/whatsapp redirects
// lead, from the company's contacts as this build has them, never from a request.

export async function GET() {
  const { phone, whatsapp } = (await builtContent()).companyDetails();
  const targets: TapTargets = {
    ...(phone && { phone: telAddress(phone) }),
    ...(whatsapp && { whatsapp: whatsappAddress(whatsapp.number, whatsapp.firstLine) }),
  };
  return new Response(JSON.stringify(targets), {
    headers: { "content-type": "application/json" },
  });
}
