import type Database from 'better-sqlite3';

// Apart from db.ts so that migrations.ts can name a connection without importing the module
// that opens one and runs the migrations (the two imported each other).
export type Db = Database.Database;
