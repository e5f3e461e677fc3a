import type { RelationMappings } from 'objection';
import { BaseModel } from '../baseModel';
import { User } from '../users/model';

/**
 * A link that lets anyone holding it follow one vehicle (`/track/{token}`), until it expires or is
 * revoked. Only the token's hash is stored (token.ts).
 */
export class TrackingLink extends BaseModel {
  static tableName = 'tracking_links';

  declare vehicleId: number;
  declare companyId: number;
  declare tokenHash: string;
  declare createdBy: number | null;
  declare createdAt: string;
  declare expiresAt: string;
  declare revokedAt: string | null;

  static relationMappings = (): RelationMappings => ({
    author: { relation: BaseModel.BelongsToOneRelation, modelClass: () => User, join: { from: 'tracking_links.createdBy', to: 'users.id' } },
  });
}
