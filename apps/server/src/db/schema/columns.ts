import { integer, timestamp } from 'drizzle-orm/pg-core';

/** Columns every business table carries. */
export const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};
export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
