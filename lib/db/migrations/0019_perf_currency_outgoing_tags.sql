-- Two finer tags for the mirror (issue 31).
-- The currencies an organisation's mirror holds (`currencies:<organization>`, issue 31): the
-- Transactions filter's choices and the Overview's currencies were forgotten by every transaction
-- written (`mirror:`), so every charge created made both pages read them again; they change only
-- when a transaction brings a currency the organisation's environment has not had, or a row's
-- currency changes or goes. One probe of the (organisation, environment, currency, date) index a row.
CREATE FUNCTION transactions_currencies_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.currency IS NULL OR EXISTS (
      SELECT 1 FROM transactions t
      WHERE t.organization_id = NEW.organization_id AND t.environment = NEW.environment AND t.currency = NEW.currency AND t.transaction_id <> NEW.transaction_id
    ) THEN
      RETURN NULL;
    END IF;
  ELSIF TG_OP = 'UPDATE' THEN
    IF NEW.currency IS NOT DISTINCT FROM OLD.currency AND NEW.organization_id = OLD.organization_id AND NEW.environment = OLD.environment THEN
      RETURN NULL;
    END IF;
    PERFORM pg_notify('dashboard_cache', 'currencies:' || OLD.organization_id::text);
  END IF;
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('dashboard_cache', 'currencies:' || OLD.organization_id::text);
  ELSE
    PERFORM pg_notify('dashboard_cache', 'currencies:' || NEW.organization_id::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER transactions_currencies_cache AFTER INSERT OR UPDATE OR DELETE ON transactions FOR EACH ROW EXECUTE FUNCTION transactions_currencies_notify();
--> statement-breakpoint
-- An organisation's transactions other than cash-ins (`outgoing:<organization>`): payouts, transfers
-- and conversions, whose mirror rows Send's and Convert's lists show beside their own; a charge
-- created (a pending cash-in) no longer makes those lists read again. A row whose type is not known
-- yet counts as outgoing.
CREATE FUNCTION transactions_outgoing_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.type IS DISTINCT FROM 'cashin' THEN
    PERFORM pg_notify('dashboard_cache', 'outgoing:' || OLD.organization_id::text);
  ELSIF TG_OP <> 'DELETE' AND NEW.type IS DISTINCT FROM 'cashin' THEN
    PERFORM pg_notify('dashboard_cache', 'outgoing:' || NEW.organization_id::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER transactions_outgoing_cache AFTER INSERT OR UPDATE OR DELETE ON transactions FOR EACH ROW EXECUTE FUNCTION transactions_outgoing_notify();
