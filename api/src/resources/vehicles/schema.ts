import { CHECKLIST_KINDS } from '../../domain/documentChecklist';
import { z } from 'zod';
import { VEHICLE_STATUSES } from '../../domain/statuses';
import { normalizeVin, vinProblem } from '../../domain/vin';

export const vinSchema = z
  .string({ error: 'VIN is required' })
  .transform(normalizeVin)
  .superRefine((vin, ctx) => {
    const problem = vinProblem(vin);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const nextYear = () => new Date().getUTCFullYear() + 1;
/** Years arrive as numbers or text from forms; either is parsed to an integer from 1900 to next year. */
const yearSchema = z
  .union([z.number(), z.string().trim().regex(/^\d{4}$/, { error: 'must be a 4-digit year' }).transform(Number)])
  .pipe(
    z
      .number()
      .int({ error: 'must be a whole year' })
      .min(1900, { error: 'must be 1900 or later' })
      .refine((y) => y <= nextYear(), { error: 'cannot be later than next year' }),
  );

const id = z.number({ error: 'must be an id' }).int().positive();
const text = (max: number) => z.string().trim().min(1, { error: 'cannot be empty' }).max(max);

/** vehicleInfo is an object of optional text; empty values are dropped, numbers kept as text. */
export const vehicleInfoSchema = z
  .record(z.string().max(60), z.union([z.string().max(500), z.number(), z.null()]))
  .refine((info) => Object.keys(info).length <= 60, { error: 'has too many fields' })
  .transform((info) => {
    const kept: Record<string, string> = {};
    for (const [key, value] of Object.entries(info)) {
      const textValue = value === null ? '' : String(value).trim();
      if (textValue) kept[key] = textValue;
    }
    return kept;
  });

export const statusSchema = z.enum(VEHICLE_STATUSES, { error: `must be one of ${VEHICLE_STATUSES.join(', ')}` });

export const VehicleCreateSchema = z.object({
  vin: vinSchema,
  companyId: id.optional(),
  containerId: id.nullish(),
  buyerId: id.nullish(),
  fromPortId: id.nullish(),
  toPortId: id.nullish(),
  make: text(100).optional(),
  model: text(100).optional(),
  year: yearSchema.nullish(),
  notes: z.string().max(10_000).nullish(),
  vehicleInfo: vehicleInfoSchema.optional(),
  status: statusSchema.optional(),
});

export const VehicleUpdateSchema = z
  .object({
    vin: vinSchema,
    companyId: id,
    containerId: id.nullable(),
    buyerId: id.nullable(),
    fromPortId: id.nullable(),
    toPortId: id.nullable(),
    make: text(100),
    model: text(100),
    year: yearSchema.nullable(),
    notes: z.string().max(10_000).nullable(),
    vehicleInfo: vehicleInfoSchema,
    status: statusSchema,
  })
  .partial();

export const VehicleStatusSchema = z.object({ status: statusSchema });

/** `PATCH /api/vehicles/{id}/checklist/{kind}`: the kind from the path, `{verified}` from the body. */
export const ChecklistVerifySchema = z.object({
  kind: z.enum(CHECKLIST_KINDS, { error: `must be one of ${CHECKLIST_KINDS.join(', ')}` }),
  verified: z.boolean({ error: 'must be true or false' }),
});
