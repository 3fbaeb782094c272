import { z } from "zod";
import { defaultRetentionDays, maxRetentionDays } from "./retention.ts";

/**
 * ENQUIRY_RETENTION_DAYS, checked the same way by the server's settings and by the build (which
 * states the period in the privacy statement). Empty counts as unset.
 */
export const retentionDaysSetting = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
  z.coerce
    .number("use a whole number of days")
    .int("use a whole number of days")
    .min(0, "use 0 (keep until delivered) or more days")
    .max(maxRetentionDays, `use at most ${maxRetentionDays} days`)
    .default(defaultRetentionDays),
);
