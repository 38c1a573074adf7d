import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { LOCALES, type Locale } from '../../shared/i18n/locales.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    companyName: text('company_name').notNull(),
    fiscalNumber: text('fiscal_number').notNull(),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    trialStartedAt: timestamp('trial_started_at', { withTimezone: true }).notNull().defaultNow(),
    /** Current credit balance; every change is also a row in credit_ledger, in the same transaction. */
    credits: integer('credits').notNull().default(0),
    /** How often monitoring events not mailed at once are sent as a digest: 'daily' | 'weekly' | 'off'. */
    digestFrequency: text('digest_frequency').notNull().default('daily'),
    /** The account's language, one of LOCALES (src/shared/i18n/locales.ts); set at sign-up, changed in the settings. */
    locale: text('locale').$type<Locale>().notNull().default('en'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    // A new language needs a migration that widens this check (0010 wrote it for today's LOCALES).
    check('users_locale_check', sql`${t.locale} in (${sql.raw(LOCALES.map((l) => `'${l}'`).join(', '))})`),
  ],
);

/** One-time tokens for e-mail confirmation and password reset (stored hashed). */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['confirm', 'reset'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('one_time_tokens_hash_unique').on(t.tokenHash)],
);

/** A session is a refresh-token family; revoking it ends every token of the family. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when this token was exchanged for a new one; presenting it again is reuse. */
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_unique').on(t.tokenHash), index('refresh_tokens_session_idx').on(t.sessionId)],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tier: text('tier', { enum: ['basic', 'premium', 'enterprise'] }).notNull(),
    period: text('period', { enum: ['month', 'year'] }).notNull(),
    status: text('status').notNull(),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** Next yearly credit reset. */
    limitDate: timestamp('limit_date', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscriptions_stripe_sub_idx').on(t.stripeSubscriptionId)],
);

export const billingCustomers = pgTable('billing_customers', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  stripeCustomerId: text('stripe_customer_id').notNull().unique(),
  createdAt: createdAt(),
});

export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    reason: text('reason', { enum: ['signup', 'grant', 'spend', 'reset', 'refund'] }).notNull(),
    note: text('note'),
    reportId: uuid('report_id'),
    balanceAfter: integer('balance_after').notNull(),
    /** Idempotency key of a billing-driven change (e.g. 'activate:sub_123'): each applies once. */
    ref: text('ref'),
    createdAt: createdAt(),
  },
  (t) => [
    index('credit_ledger_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('credit_ledger_ref_unique').on(t.ref),
  ],
);

/** Webhook events already applied (Stripe or the test checkout), so each applies once. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyName: text('company_name').notNull(),
    fiscalNumber: text('fiscal_number'),
    country: text('country').notNull(),
    company: jsonb('company').notNull(),
    result: jsonb('result').notNull(),
    sample: boolean('sample').notNull().default(false),
    /**
     * What asked for this report, unique per user (e.g. 'portfolio-row:{rowId}', 'api:{keyId}:{Idempotency-Key}'):
     * a retried or resumed request finds the report it already paid for instead of making another.
     */
    requestKey: text('request_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('reports_user_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('reports_user_request_key_unique').on(t.userId, t.requestKey),
  ],
);

/** Company data gathered by search/scrape, reused by later steps and runs. */
export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    countryCode: text('country_code').notNull(),
    vatNumber: text('vat_number').notNull(),
    data: jsonb('data').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('companies_country_vat_unique').on(t.countryCode, t.vatNumber)],
);

/** Small shared key/value state (e.g. the cached price list). */
export const appState = pgTable('app_state', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A book of sites assessed in the background, one report per row. */
export const portfolios = pgTable(
  'portfolios',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status', { enum: ['queued', 'running', 'done'] }).notNull().default('queued'),
    /** Where it came from: the web app or an API key. */
    origin: text('origin', { enum: ['web', 'api'] }).notNull().default('web'),
    apiKeyId: uuid('api_key_id'),
    total: integer('total').notNull(),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('portfolios_user_created_idx').on(t.userId, t.createdAt)],
);

export const portfolioRows = pgTable(
  'portfolio_rows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    portfolioId: uuid('portfolio_id')
      .notNull()
      .references(() => portfolios.id, { onDelete: 'cascade' }),
    /** Order in the uploaded file (1 = first data row). */
    position: integer('position').notNull(),
    fiscalNumber: text('fiscal_number').notNull(),
    country: text('country').notNull(),
    reference: text('reference').notNull().default(''),
    siteAddress: text('site_address').notNull().default(''),
    /** What the site is (office, plant…), checked; '' for the activity's typical site. */
    siteType: text('site_type').notNull().default(''),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] }).notNull().default('queued'),
    reportId: uuid('report_id'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('portfolio_rows_portfolio_idx').on(t.portfolioId, t.position)],
);

/** API keys: only a hash of the secret is stored; the prefix identifies the key to its owner. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_keys_secret_hash_unique').on(t.secretHash), index('api_keys_user_idx').on(t.userId)],
);

/** First answers to POSTs sent with an Idempotency-Key, replayed to retries of the same request. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Method and path, and a hash of the body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('idempotency_keys_user_key_unique').on(t.userId, t.key)],
);

const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  // pg answers a Buffer, PGlite a Uint8Array.
  fromDriver: (value) => Buffer.from(value),
});

/**
 * The last good version of each sanctions list (EU, UN, UK): its entries as gzipped JSON, the
 * file's own generation date and when it was fetched. Replaced only by a file that parsed whole.
 */
export const sanctionsLists = pgTable('sanctions_lists', {
  list: text('list').primaryKey(),
  generatedAt: timestamp('generated_at', { withTimezone: true }).notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
  entryCount: integer('entry_count').notNull(),
  /** A hash over the entries' hashes: the same content fetched again is "unchanged". */
  contentHash: text('content_hash').notNull(),
  entries: bytea('entries').notNull(),
});

/**
 * A report's sanctions screening as it ran: its status, the lists' dates and the hits, each with
 * its entry's content hash (a decision holds only while the entry is unchanged). One per report;
 * reports made before screening have none ("not screened").
 */
export const reportScreenings = pgTable(
  'report_screenings',
  {
    reportId: uuid('report_id')
      .primaryKey()
      .references(() => reports.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    country: text('country').notNull(),
    fiscalNumber: text('fiscal_number').notNull(),
    screenedAt: timestamp('screened_at', { withTimezone: true }).notNull(),
    result: jsonb('result').notNull(),
  },
  (t) => [index('report_screenings_user_company_idx').on(t.userId, t.country, t.fiscalNumber)],
);

/**
 * An analyst's decision on a hit (false positive or confirmed), kept per user and company: it
 * carries over to later reports of the same company while the list entry's content is unchanged.
 */
export const screeningDecisions = pgTable(
  'screening_decisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    country: text('country').notNull(),
    fiscalNumber: text('fiscal_number').notNull(),
    list: text('list').notNull(),
    entryId: text('entry_id').notNull(),
    contentHash: text('content_hash').notNull(),
    decision: text('decision').notNull(),
    note: text('note').notNull(),
    decidedBy: text('decided_by').notNull(),
    /** The report the decision was taken on. */
    reportId: uuid('report_id'),
    createdAt: createdAt(),
  },
  (t) => [index('screening_decisions_user_company_idx').on(t.userId, t.country, t.fiscalNumber)],
);

/**
 * A watched portfolio (issue 22): how often its rows are checked, and when. One per portfolio,
 * kept with its owner so the schedule needs no join; `next_check_at` is null while not watched.
 */
export const portfolioMonitoring = pgTable(
  'portfolio_monitoring',
  {
    portfolioId: uuid('portfolio_id')
      .primaryKey()
      .references(() => portfolios.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull(),
    frequency: text('frequency', { enum: ['daily', 'weekly', 'monthly'] }).notNull(),
    reassess: text('reassess', { enum: ['never', 'monthly', 'quarterly'] }).notNull(),
    /** When the portfolio's last check run ended. */
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('portfolio_monitoring_next_idx').on(t.nextCheckAt)],
);

/**
 * A check run of a portfolio: one job per row on the queue; `pending` counts the rows not yet
 * checked, and the run ends when it reaches 0. At most one running run per portfolio.
 */
export const monitoringRuns = pgTable(
  'monitoring_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    portfolioId: uuid('portfolio_id')
      .notNull()
      .references(() => portfolios.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What started it: the user (`manual`), the schedule, or a new sanctions list version. */
    reason: text('reason', { enum: ['manual', 'schedule', 'lists'] }).notNull(),
    status: text('status', { enum: ['running', 'done'] }).notNull().default('running'),
    total: integer('total').notNull(),
    pending: integer('pending').notNull(),
    /** Rows whose check gave up (a source down through every retry): checked again by the next run. */
    skipped: integer('skipped').notNull().default(0),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('monitoring_runs_one_running').on(t.portfolioId).where(sql`${t.status} = 'running'`)],
);

/**
 * The last known state of a watched row (name, address, status, activity, legal form, VAT,
 * sanctions hits), written in the same transaction as the events its check found, so the same
 * change is never reported twice. Absent until a row's first check: the row's report stands in.
 */
export const monitoringStates = pgTable('monitoring_states', {
  rowId: uuid('row_id')
    .primaryKey()
    .references(() => portfolioRows.id, { onDelete: 'cascade' }),
  portfolioId: uuid('portfolio_id')
    .notNull()
    .references(() => portfolios.id, { onDelete: 'cascade' }),
  state: jsonb('state').notNull(),
  /** The run that wrote it: a job of that run delivered again finds its work done. */
  runId: uuid('run_id').notNull(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
});

/** A change found by a monitoring check; `seq` orders the events API (oldest first). */
export const monitoringEvents = pgTable(
  'monitoring_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    portfolioId: uuid('portfolio_id')
      .notNull()
      .references(() => portfolios.id, { onDelete: 'cascade' }),
    rowId: uuid('row_id').notNull(),
    fiscalNumber: text('fiscal_number').notNull(),
    country: text('country').notNull(),
    companyName: text('company_name').notNull(),
    type: text('type').notNull(),
    oldValue: text('old_value'),
    newValue: text('new_value'),
    reportId: uuid('report_id'),
    detectedAt: timestamp('detected_at', { withTimezone: true }).notNull().defaultNow(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('monitoring_events_seq_unique').on(t.seq), index('monitoring_events_user_seq_idx').on(t.userId, t.seq)],
);

/** A user's webhook endpoint: monitoring events of the chosen types are POSTed to it, signed with its secret. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** Event types sent; null: all of them. */
    eventTypes: jsonb('event_types').$type<string[]>(),
    /** 'whsec_…' as shown to the owner: it signs every delivery, so it is kept readable. */
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** The first failed attempt since the last delivered one. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdAt: createdAt(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (t) => [index('webhook_endpoints_user_idx').on(t.userId)],
);

/** One event to one endpoint (the outbox): leased by the instance sending it, retried until delivered or given up. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The monitoring event's id: the webhook-id header of every attempt. */
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The JSON body, fixed when the delivery is made so every attempt sends the same bytes. */
    body: text('body').notNull(),
    /** pending, delivered or failed. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_endpoint_event_unique').on(t.endpointId, t.eventId),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_endpoint_created_idx').on(t.endpointId, t.createdAt, t.id),
  ],
);

/** How far webhook delivery has read the monitoring events (one row, 'monitoring'). */
export const webhookCursor = pgTable('webhook_cursor', {
  id: text('id').primaryKey(),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
});
/** Alert e-mails: the last monitoring event seq taken in (one row, name 'events'). */
export const alertCursor = pgTable('alert_cursor', {
  name: text('name').primaryKey(),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Events waiting for a user's digest (a copy: the digest needs no other table); digest_key once put in one. */
export const alertDigestItems = pgTable(
  'alert_digest_items',
  {
    eventId: uuid('event_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    portfolioId: uuid('portfolio_id').notNull(),
    reportId: uuid('report_id'),
    fiscalNumber: text('fiscal_number').notNull(),
    companyName: text('company_name').notNull(),
    type: text('type').notNull(),
    oldValue: text('old_value'),
    newValue: text('new_value'),
    detectedAt: timestamp('detected_at', { withTimezone: true }).notNull(),
    digestKey: text('digest_key'),
  },
  (t) => [index('alert_digest_items_pending_idx').on(t.userId, t.detectedAt).where(sql`${t.digestKey} IS NULL`)],
);

/** Alert and digest e-mails to send, once each (unique key); sent_at after the SMTP server accepted it. */
export const alertOutbox = pgTable(
  'alert_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** A sender holds the mail until then; past it, another may take it (the first died). */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('alert_outbox_key_unique').on(t.key),
    index('alert_outbox_unsent_idx').on(t.createdAt).where(sql`${t.sentAt} IS NULL AND ${t.failedAt} IS NULL`),
  ],
);

/**
 * Companies imported from a national register's bulk files (BE, EE, SI, LV), keyed by the
 * national part of the VAT number. `facts` holds what the file states, in the register's own
 * terms (national activity code, legal form in words, status); the lookup maps them to a record.
 * An import writes its rows under a new `import_id`; they count once register_imports points at
 * it (one short transaction), so a failed or running import never shows, and readers are never
 * held up by one.
 */
export const registerCompanies = pgTable(
  'register_companies',
  {
    state: text('state').notNull(),
    importId: bigint('import_id', { mode: 'number' }).notNull(),
    vatId: text('vat_id').notNull(),
    facts: jsonb('facts').notNull(),
  },
  (t) => [primaryKey({ columns: [t.state, t.importId, t.vatId] })],
);

/** The current import of each state's register files: the publisher's date and how many companies it held. */
export const registerImports = pgTable('register_imports', {
  state: text('state').primaryKey(),
  importId: bigint('import_id', { mode: 'number' }).notNull(),
  /** The date the publisher stamped on the files (KBO's SnapshotDate, else the file's own date), YYYY-MM-DD. */
  publishedOn: text('published_on').notNull(),
  importedAt: timestamp('imported_at', { withTimezone: true }).notNull(),
  companies: integer('companies').notNull(),
  /** The files' names (never their URLs, which may carry credentials). */
  files: jsonb('files').notNull(),
});
