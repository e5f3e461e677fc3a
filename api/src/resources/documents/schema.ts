import { z } from 'zod';

/** The form fields that travel with a shared-document upload (multipart, so all text). */
export const DocumentFieldsSchema = z.object({
  companyId: z
    .string()
    .trim()
    .regex(/^\d*$/, { error: 'must be a company id' })
    .optional()
    .transform((v) => (v ? Number(v) : null)),
  documentType: z.string().trim().max(50).optional().transform((v) => v || null),
  metadata: z
    .string()
    .max(10_000)
    .optional()
    .transform((v, ctx) => {
      if (!v) return null;
      try {
        const parsed = JSON.parse(v);
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
      } catch {
        // reported below
      }
      ctx.addIssue({ code: 'custom', message: 'must be a JSON object' });
      return z.NEVER;
    }),
});
