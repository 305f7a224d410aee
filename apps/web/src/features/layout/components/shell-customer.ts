/** What the layout needs to know about the customer (spec 1 §6: login link, subscribe link). */
export interface ShellCustomer {
  logged: boolean;
  firstName: string | null;
  login: string | null;
  hasProductAccess: boolean;
  /** The account's profiles, for the switcher of the account menu (decision 009). */
  profiles?: ShellProfile[];
}

export interface ShellProfile {
  uuid: string;
  name: string;
  pictureUrl: string | null;
  isKids: boolean;
  isCurrent: boolean;
}
