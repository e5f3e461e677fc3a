import { z } from 'zod';
import { DOCUMENT_KINDS } from '../../domain/documentChecklist';

/** A vehicle document's kind: a field of the upload's form, or the body of a change of kind. */
export const DocumentKindSchema = z.object({
  documentKind: z.enum(DOCUMENT_KINDS, { error: `must be one of ${DOCUMENT_KINDS.join(', ')}` }).optional(),
});
