import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db.js';
import { startTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/**
 * Foreign keys that may go without an index on their column: deleting the row they point to
 * then reads the whole referencing table, which is acceptable only where that table stays small
 * (settings, reference data, one row per portfolio or import) or the referenced row is a user who
 * is practically never hard-deleted (audit columns: created_by, updated_by, sent_by and so on).
 */
const ACCEPTED = new Set([
  'api_keys.created_by',
  'api_keys.revoked_by',
  'carrier_panels.updated_by',
  'center_donor_access.allowed_center_id',
  'center_donor_access.center_id',
  'coaching_credits.created_by',
  'concierge_requests.assigned_to',
  'concierge_requests.handled_by',
  'customized_questions.updated_by',
  'dexi_runs.import_id',
  'dexi_runs.started_by',
  'dexi_sources.updated_by',
  'donor_additional_documents.uploaded_by',
  'donor_form_changes.created_by',
  'donor_form_changes.reviewed_by',
  'donor_frozen_batches.selected_by',
  'donor_frozen_batches.updated_by',
  'donor_imports.created_by',
  'donor_notes.manager_id',
  'donor_preforms.center_id',
  'donor_shares.shared_by',
  'donor_status_messages.sent_by',
  'donor_upload_sessions.created_by',
  'education_resources.created_by',
  'education_resources.updated_by',
  'email_schedules.first_email_type_id',
  'email_schedules.recurring_email_type_id',
  'email_schedules.updated_by',
  'email_templates.email_type_id',
  'email_templates.updated_by',
  'fee_options.created_by',
  'field_mapping_donors.import_id',
  'field_mappings.mapped_by',
  'ip_queries.center_id',
  'ip_queries.donor_id',
  'match_events.actor_user_id',
  'matches.created_by',
  'matches.donation_cycle_id',
  'matches.manager_id',
  'matches.portfolio_id',
  'offline_payments.created_by',
  'partner_sign_in.updated_by',
  'payment_bills.created_by',
  'portfolio_donors.added_by',
  'portfolio_notes.donor_id',
  'portfolio_notes.user_id',
  'portfolio_shares.shared_by',
  'portfolios.created_by',
  'sessions.switched_from_user_id',
  'smtp_connections.updated_by',
  'twilio_number_requests.requested_by',
  'twilio_number_requests.resolved_by',
  'webhook_endpoints.created_by',
]);

describe('foreign keys', () => {
  it('have an index on their column, except the accepted few', async () => {
    const rows = await queryRows<{ fk: string }>(
      t.db,
      sql`select c.conrelid::regclass::text || '.' || a.attname as fk
        from pg_constraint c
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
        where c.contype = 'f'
          and not exists (select 1 from pg_index i where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1])
        order by 1`,
    );
    const missing = rows.map((r) => r.fk).filter((fk) => !ACCEPTED.has(fk));
    expect(missing).toEqual([]);
  });
});
