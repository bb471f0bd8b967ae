-- A member's session and access kept in process (lib/auth/sessions.ts, issue 31): every signed-in
-- request read the session, the member and their memberships in one statement (≈ a quarter of a
-- light page's CPU on PGlite). Kept per session until any of those rows changes, which these
-- triggers tell every instance: `member:<user>` for the member's sessions (sign-in, sign-out,
-- revocation, re-authentication, the last-seen touch), their own row and their memberships (a role
-- changed, a removal); `orgs:` for any organisation's row (its name, idle time, two-factor rule: rare).
CREATE OR REPLACE TRIGGER sessions_member_cache AFTER INSERT OR UPDATE OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION dashboard_cache_notify('member', 'user_id');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER users_member_cache AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION dashboard_cache_notify('member', 'id');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER memberships_member_cache AFTER INSERT OR UPDATE OR DELETE ON memberships FOR EACH ROW EXECUTE FUNCTION dashboard_cache_notify('member', 'user_id');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER organizations_member_cache AFTER UPDATE OR DELETE ON organizations FOR EACH ROW EXECUTE FUNCTION dashboard_cache_notify('orgs', '-');
