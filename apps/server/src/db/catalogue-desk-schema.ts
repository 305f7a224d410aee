import type { ColumnType } from 'kysely';

/** The editors' catalogue desk (migration 032, decision 094); part of the server's `Database`. */
export interface CatalogueDeskTables {
  content_uploads: {
    /** The tus upload id: 32 hex characters, the file's name under <data>/uploads. */
    id: string;
    staff_id: number;
    uploaded_by: string;
    file_name: string;
    /** bigint: PostgreSQL answers it as a string. */
    size: ColumnType<number | string, number, number>;
    status: 'uploading' | 'queued' | 'processing' | 'done' | 'failed';
    progress: number;
    step: string | null;
    error: string | null;
    content_id: number | null;
    created_at: string;
    updated_at: string;
  };
  content_editorial: {
    content_id: number;
    texts: string;
    access: 'subscription' | 'purchase';
    price_offer_id: number | null;
    published: number;
    publish_from: string | null;
    publish_until: string | null;
    updated_at: string;
  };
  /** A subtitle or an audio language sent from the console and its packaging state (migration 042, decision 114). */
  content_tracks: {
    id: string;
    content_id: number;
    kind: 'subtitle' | 'audio';
    language: string;
    label: string;
    state: 'queued' | 'processing' | 'ready' | 'failed' | 'removing';
    rev: number;
    removed_rev: number | null;
    error: string | null;
    created_by: string;
    created_at: string;
    updated_at: string;
  };
  /** An uploaded content's packaging: its ladder, protection and revisions (migration 042). */
  content_packaging: {
    content_id: number;
    base_clip_key: string;
    protected: number;
    rev: number;
    applied_rev: number;
    state: 'ready' | 'queued' | 'processing' | 'failed';
    progress: number;
    error: string | null;
    updated_at: string;
  };
}
