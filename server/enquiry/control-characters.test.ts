import { describe, expect } from "vitest";
import { it } from "../../tests/support/server-test";
import { storeKinds } from "../../tests/support/store-kinds";
import { postEnquiry, validEnquiry } from "../../tests/support/test-service";

// What no person types (NUL, a terminal's escape sequences, other C0 and C1 controls) is refused
// at the contract, before any store sees it: both stores give the same 400 naming the field.

const nul = "\u0000";

describe.each(storeKinds)("on $name", (kind) => {
  it("answers a control character in any text field with a 400 naming the field", async ({
    startService,
    tempDir,
  }) => {
    const service = await startService({
      DATABASE_URL: await kind.newDatabaseUrl(tempDir),
      ENQUIRY_RATE_LIMIT_PER_MINUTE: "100",
    });
    for (const [field, value] of [
      ["name", `Thandi${nul}`],
      ["message", `Call me${nul}`],
      ["message", "Call me\u001b]0;owned\u0007"],
      ["compname", `Amanzi${nul}`],
      ["token", `t${nul}`],
      ["email", `thandi${nul}@example.co.za`],
    ]) {
      const answer = await postEnquiry(service.baseUrl, validEnquiry({ [field as string]: value }));
      expect({ field, ...answer }).toMatchObject({
        field,
        status: 400,
        json: { error: "invalid_enquiry", fields: { [field as string]: expect.any(String) } },
      });
    }
    const lines = "Line one\r\nLine two\n\tindented";
    expect((await postEnquiry(service.baseUrl, validEnquiry({ message: lines }))).status).toBe(201);
    expect(service.logs.join("")).not.toMatch(/"level":50/);
    expect((await fetch(`${service.baseUrl}/readyz`)).status).toBe(200);
  });
});
