import type { Knex } from 'knex';
import { User } from './resources/users/model';

// http/ knows the signed-in user by its shape only (http/currentUser.ts); here the app says it is
// the users resource's model, so approvedUser() hands route handlers a User.
declare module './http/currentUser' {
  interface SignedInUserType {
    user: User;
  }
}

/** The signed-in user of a users row read with the session (http/session.ts). */
export const userFromRow = (row: Record<string, unknown>): User => User.fromDatabaseJson(row);

/** Looks a user up by id, for a session that was read without its user (http/auth.ts). */
export const findUser =
  (db: Knex) =>
  async (id: number): Promise<User | undefined> =>
    User.query(db).modify('withCompanyStatus').findById(id);
