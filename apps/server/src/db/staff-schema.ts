import type { ColumnType, Generated } from 'kysely';

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
    /** Migration 033 (decision 095): the one WebAuthn challenge this session may answer. */
    webauthn_challenge: ColumnType<string | null, string | null | undefined, string | null>;
    webauthn_purpose: ColumnType<'register' | 'sign-in' | null, 'register' | 'sign-in' | null | undefined>;
    webauthn_challenge_at: ColumnType<string | null, string | null | undefined, string | null>;
  };
  /** Migration 033 (decision 095): staff members' passkeys. */
  staff_passkeys: {
    id: Generated<number>;
    staff_id: number;
    credential_id: string;
    public_key: string;
    /** bigint on PostgreSQL: read back as a string there. */
    counter: ColumnType<number | string, number, number>;
    transports: string | null;
    name: string;
    created_at: string;
    last_used_at: string | null;
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
