import type { Generated } from 'kysely';

/** The console's tables (migration 021, decision 080); part of the server's `Database`. */
export interface StaffTables {
  staff: {
    id: Generated<number>;
    email: string;
    name: string;
    password_hash: string;
    roles: string;
    totp_secret: string | null;
    totp_enrolled_at: string | null;
    totp_last_step: number | null;
    created_at: string;
    disabled_at: string | null;
  };
  staff_sessions: {
    token_hash: string;
    staff_id: number;
    stage: 'password' | 'full';
    created_at: string;
    last_seen_at: string;
    ended_at: string | null;
  };
  audit_log: {
    id: Generated<number>;
    at: string;
    staff_id: number | null;
    actor: string;
    action: string;
    target_type: string;
    target_id: string;
    before_json: string | null;
    after_json: string | null;
    request_id: string | null;
    client_ip: string | null;
  };
}
