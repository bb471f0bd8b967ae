-- Finer tags for what pages keep in process (lib/pages/kept.ts, issue 31): a charge created (a
-- transaction written) no longer makes every instance forget the sync state and the reconciliation
-- findings, which it does not change, and the lists Send, Receive, Convert and Transactions read on
-- every visit are kept until their own rows change.
DROP TRIGGER sync_state_cache ON sync_state;
--> statement-breakpoint
CREATE TRIGGER sync_state_cache AFTER INSERT OR UPDATE OR DELETE ON sync_state FOR EACH ROW EXECUTE FUNCTION dashboard_cache_notify('sync', 'organization_id');
--> statement-breakpoint
DROP TRIGGER reconciliation_findings_cache ON reconciliation_findings;
--> statement-breakpoint
CREATE TRIGGER reconciliation_findings_cache AFTER INSERT OR UPDATE OR DELETE ON reconciliation_findings FOR EACH ROW EXECUTE FUNCTION dashboard_cache_notify('findings', 'organization_id');
--> statement-breakpoint
-- An organisation's charges (Receive's list and recent payers).
CREATE TRIGGER charges_cache AFTER INSERT OR UPDATE OR DELETE ON charges FOR EACH ROW EXECUTE FUNCTION dashboard_cache_notify('charges', 'organization_id');
--> statement-breakpoint
-- An organisation's conversions (Convert's list).
CREATE TRIGGER conversions_cache AFTER INSERT OR UPDATE OR DELETE ON conversions FOR EACH ROW EXECUTE FUNCTION dashboard_cache_notify('conversions', 'organization_id');
--> statement-breakpoint
-- An organisation's approval policy (Send's form).
CREATE TRIGGER approval_policies_cache AFTER INSERT OR UPDATE OR DELETE ON approval_policies FOR EACH ROW EXECUTE FUNCTION dashboard_cache_notify('policy', 'organization_id');
--> statement-breakpoint
-- A member's saved views of Transactions.
CREATE TRIGGER saved_views_cache AFTER INSERT OR UPDATE OR DELETE ON saved_views FOR EACH ROW EXECUTE FUNCTION dashboard_cache_notify('views', 'user_id');
--> statement-breakpoint
-- Any member's name or e-mail (lists that name who asked for a payout and who decided it): one tag,
-- `users:` (no column follows it), for what is rare.
CREATE TRIGGER users_name_cache AFTER UPDATE OF name, email OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION dashboard_cache_notify('users', '-');
--> statement-breakpoint
-- A transaction that is, or was, anything but pending (`settled:<organization>`): what reads only
-- settled rows keeps (the Overview's daily activity, the failed cash-outs) stays true while charges
-- are created, which the mirror writes as pending. `mirror:` still tells every change.
CREATE FUNCTION transactions_settled_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was text;
  now_is text;
  org text;
BEGIN
  IF TG_OP <> 'INSERT' THEN was := OLD.status; org := OLD.organization_id::text; END IF;
  IF TG_OP <> 'DELETE' THEN now_is := NEW.status; org := NEW.organization_id::text; END IF;
  IF coalesce(was, 'pending') <> 'pending' OR coalesce(now_is, 'pending') <> 'pending' THEN
    PERFORM pg_notify('dashboard_cache', 'settled:' || org);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER transactions_settled_cache AFTER INSERT OR UPDATE OR DELETE ON transactions FOR EACH ROW EXECUTE FUNCTION transactions_settled_notify();
