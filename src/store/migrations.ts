import type { Db } from './connection.js';

/**
 * Schema migrations, in order. Migration `i` (0-based) brings `PRAGMA user_version` from `i` to
 * `i + 1`. Append new migrations; never edit one that has shipped, because workspaces already at
 * that version will not run it again.
 */
export const MIGRATIONS: readonly string[] = [
  // 1: the initial workspace.
  `
  CREATE TABLE datasets (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL UNIQUE,
    task        TEXT NOT NULL,
    created_at  TEXT NOT NULL,
    updated_at  TEXT NOT NULL
  );

  -- id, split and source are columns (filters and split updates); body is the rest of the Example.
  -- hash is the content hash of the example without its split (see fingerprint.ts).
  -- labels is a JSON array of the example's answer labels, for filtering and stratifying.
  CREATE TABLE examples (
    rowid       INTEGER PRIMARY KEY,
    dataset_id  INTEGER NOT NULL REFERENCES datasets(id) ON DELETE CASCADE,
    id          TEXT NOT NULL,
    seq         INTEGER NOT NULL,
    split       TEXT NOT NULL CHECK (split IN ('train', 'dev', 'test')),
    source      TEXT NOT NULL CHECK (source IN ('gold', 'correction', 'observed')),
    labels      TEXT NOT NULL DEFAULT '[]',
    body        TEXT NOT NULL,
    hash        TEXT NOT NULL,
    UNIQUE (dataset_id, id)
  );
  CREATE INDEX examples_by_seq ON examples (dataset_id, seq);

  CREATE TABLE rules (
    rowid       INTEGER PRIMARY KEY,
    dataset_id  INTEGER NOT NULL REFERENCES datasets(id) ON DELETE CASCADE,
    id          TEXT NOT NULL,
    status      TEXT NOT NULL,
    version     INTEGER NOT NULL,
    body        TEXT NOT NULL,
    created_at  TEXT NOT NULL,
    updated_at  TEXT NOT NULL,
    UNIQUE (dataset_id, id)
  );

  CREATE TABLE rule_versions (
    dataset_id  INTEGER NOT NULL,
    rule_id     TEXT NOT NULL,
    version     INTEGER NOT NULL,
    body        TEXT NOT NULL,
    note        TEXT NOT NULL DEFAULT '',
    created_at  TEXT NOT NULL,
    PRIMARY KEY (dataset_id, rule_id, version),
    FOREIGN KEY (dataset_id, rule_id) REFERENCES rules (dataset_id, id) ON DELETE CASCADE
  );

  CREATE TABLE corrections (
    rowid       INTEGER PRIMARY KEY,
    dataset_id  INTEGER NOT NULL REFERENCES datasets(id) ON DELETE CASCADE,
    id          TEXT NOT NULL,
    example_id  TEXT,
    body        TEXT NOT NULL,
    created_at  TEXT NOT NULL,
    UNIQUE (dataset_id, id)
  );

  CREATE TABLE feedback (
    rowid       INTEGER PRIMARY KEY,
    dataset_id  INTEGER NOT NULL REFERENCES datasets(id) ON DELETE CASCADE,
    id          TEXT NOT NULL,
    level       TEXT NOT NULL,
    target_id   TEXT,
    status      TEXT NOT NULL,
    body        TEXT NOT NULL,
    created_at  TEXT NOT NULL,
    UNIQUE (dataset_id, id)
  );

  CREATE TABLE runs (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    dataset_id    INTEGER NOT NULL REFERENCES datasets(id) ON DELETE CASCADE,
    kind          TEXT NOT NULL,
    created_at    TEXT NOT NULL,
    dataset_hash  TEXT NOT NULL,
    ruleset_hash  TEXT NOT NULL,
    config        TEXT NOT NULL,
    result        TEXT NOT NULL,
    elapsed_ms    REAL NOT NULL
  );
  CREATE INDEX runs_by_dataset ON runs (dataset_id, kind, id);

  CREATE TABLE llm_calls (
    id                 INTEGER PRIMARY KEY AUTOINCREMENT,
    dataset_id         INTEGER REFERENCES datasets(id) ON DELETE CASCADE,
    run_id             INTEGER REFERENCES runs(id) ON DELETE SET NULL,
    model              TEXT NOT NULL,
    purpose            TEXT NOT NULL,
    request            TEXT NOT NULL,
    response           TEXT,
    prompt_tokens      INTEGER,
    completion_tokens  INTEGER,
    latency_ms         REAL NOT NULL,
    cost_usd           REAL,
    error              TEXT,
    created_at         TEXT NOT NULL
  );
  CREATE INDEX llm_calls_by_run ON llm_calls (run_id);

  -- Cached per-rule metrics: valid while the hashes they were computed for still hold.
  CREATE TABLE rule_metrics (
    dataset_id    INTEGER NOT NULL REFERENCES datasets(id) ON DELETE CASCADE,
    split         TEXT NOT NULL,
    rule_id       TEXT NOT NULL,
    rule_hash     TEXT NOT NULL,
    dataset_hash  TEXT NOT NULL,
    ruleset_hash  TEXT NOT NULL,
    metrics       TEXT NOT NULL,
    computed_at   TEXT NOT NULL,
    PRIMARY KEY (dataset_id, split, rule_id)
  );

  -- What a prune (or another bulk op) changed, so undo can put it back.
  CREATE TABLE prune_ops (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    dataset_id  INTEGER NOT NULL REFERENCES datasets(id) ON DELETE CASCADE,
    kind        TEXT NOT NULL,
    run_id      INTEGER REFERENCES runs(id) ON DELETE SET NULL,
    changes     TEXT NOT NULL,
    created_at  TEXT NOT NULL,
    undone_at   TEXT
  );
  `,
  // 2: deleting a rule keeps it and its history (rules restore brings it back).
  `
  ALTER TABLE rules ADD COLUMN deleted_at TEXT;
  `,
  // 3: loading or counting one split (every eval, metrics and TUI open) should not scan the table.
  `
  CREATE INDEX examples_by_split ON examples (dataset_id, split, seq);
  `,
  // 4: a long import commits in batches so other processes keep working; until it completes, its
  // rows (and the dataset it creates) carry its id and readers skip them. A row in imports is
  // also the per-dataset lock that makes two imports into one dataset take turns.
  `
  CREATE TABLE imports (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    dataset_name  TEXT NOT NULL UNIQUE,
    dataset_id    INTEGER,
    creates       INTEGER NOT NULL DEFAULT 0,
    first_rowid   INTEGER,
    pid           INTEGER NOT NULL,
    host          TEXT NOT NULL,
    started_at    TEXT NOT NULL,
    heartbeat_at  TEXT NOT NULL
  );
  ALTER TABLE examples ADD COLUMN import_id INTEGER;
  ALTER TABLE datasets ADD COLUMN import_id INTEGER;
  `,
  // 5: Python-dialect patterns as translated for JavaScript, kept between processes: a cold
  // command on 126 rules spent a third of its time parsing and emitting them. A pure function of
  // (pattern, flags) under a revision, so not per dataset.
  `
  CREATE TABLE regex_translations (
    revision     TEXT NOT NULL,
    flags        TEXT NOT NULL,
    pattern      TEXT NOT NULL,
    translation  TEXT NOT NULL,
    PRIMARY KEY (revision, flags, pattern)
  );
  `,
  // 6: work that must not run twice at once on one dataset (two learns would allocate the same
  // rule ids) holds a named lock; the pid and host let the next process tell a killed holder.
  `
  CREATE TABLE locks (
    name        TEXT PRIMARY KEY,
    pid         INTEGER NOT NULL,
    host        TEXT NOT NULL,
    started_at  TEXT NOT NULL
  );
  `,
  // 7: the workspace's current dataset (`rulewright use`), used when a command names none; at
  // most one row, and it goes with its dataset.
  `
  CREATE TABLE current_dataset (
    one         INTEGER PRIMARY KEY CHECK (one = 1),
    dataset_id  INTEGER NOT NULL REFERENCES datasets(id) ON DELETE CASCADE
  );
  `,
  // 8: the active rules' predictions on a split, kept for the ruleset and data they were made
  // from: \`suggest\` measures each rule against them, and running the whole ensemble again was
  // most of a cold answer. One row per split: the latest.
  `
  CREATE TABLE prediction_cache (
    dataset_id    INTEGER NOT NULL REFERENCES datasets(id) ON DELETE CASCADE,
    split         TEXT NOT NULL,
    ruleset_hash  TEXT NOT NULL,
    dataset_hash  TEXT NOT NULL,
    predictions   TEXT NOT NULL,
    computed_at   TEXT NOT NULL,
    PRIMARY KEY (dataset_id, split)
  );
  `,
  // 9: the train split's feature index (each feature's train documents), kept for the train rows
  // it was built from: \`suggest\` reads the few features of one text instead of tokenizing all of
  // train, which was most of a cold answer. One index per dataset: the latest.
  `
  CREATE TABLE train_features (
    dataset_id  INTEGER NOT NULL REFERENCES datasets(id) ON DELETE CASCADE,
    key         TEXT NOT NULL,
    id          INTEGER NOT NULL,
    docs        BLOB NOT NULL,
    PRIMARY KEY (dataset_id, key)
  );
  CREATE TABLE train_features_state (
    dataset_id   INTEGER PRIMARY KEY REFERENCES datasets(id) ON DELETE CASCADE,
    fingerprint  TEXT NOT NULL,
    docs         INTEGER NOT NULL,
    built_at     TEXT NOT NULL
  );
  `,
];

/** The schema version this build writes. */
export const SCHEMA_VERSION = MIGRATIONS.length;

/**
 * Brings the database to SCHEMA_VERSION. Each migration runs in its own IMMEDIATE transaction and
 * re-reads the version inside it, so two processes opening a new workspace at once do not both
 * apply it.
 */
export function migrate(db: Db): { from: number; to: number } {
  const from = userVersion(db);
  let version = from;
  while (version < MIGRATIONS.length) {
    version = db
      .transaction(() => {
        const v = userVersion(db);
        if (v >= MIGRATIONS.length) return v;
        db.exec(MIGRATIONS[v]!);
        db.pragma(`user_version = ${v + 1}`);
        return v + 1;
      })
      .immediate();
  }
  return { from, to: version };
}

export function userVersion(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number;
}
