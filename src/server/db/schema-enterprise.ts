// The enterprise tables of the database for Kysely (migration 0012): organisations, members,
// companies, projects and grants, credits, equipment, member imports, live connections. See schema.ts.
import type { Generated } from 'kysely';
import type { Defaulted } from './schema.ts';

/** An organisation: its credit pool (handed out to members), seats and membership. */
export interface EnterprisesTable {
  id: Generated<number>;
  name: string;
  /** The company ID shown to customers (unique). */
  code: string;
  /** Drone photo credit not yet given to a member. */
  photo_credits: Defaulted<number>;
  /** Drone project quota of the organisation. */
  project_credits: Defaulted<number>;
  /** Seats the organisation holds (members with `seat`). */
  seats: Defaulted<number>;
  /** Enterprise membership end; null: none recorded. */
  membership_expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** A person of an organisation; user_id null: 'unregistered' (no account with that phone / e-mail yet). */
export interface EnterpriseMembersTable {
  id: Generated<number>;
  enterprise_id: number;
  user_id: number | null;
  name: string;
  phone: string | null;
  /** Lower case. */
  email: string | null;
  /** 'super_admin' | 'admin' | 'member'. */
  role: Defaulted<string>;
  can_create_project: Defaulted<boolean>;
  /** Drone photo credit the organisation gave this member. */
  photo_quota: Defaulted<number>;
  /** Of photo_quota, what has reached the member's account (the rest waits for the registration). */
  photo_granted: Defaulted<number>;
  seat: Defaulted<boolean>;
  joined_at: Date;
  registered_at: Date | null;
  invited_at: Date | null;
  /** When the member last switched to this organisation (the default one is the latest). */
  selected_at: Date | null;
  created_by: number | null;
}

/** A company of an organisation (businessList): contact data, logo and PPT template images in the blob store. */
export interface EnterpriseCompaniesTable {
  id: Generated<number>;
  enterprise_id: number;
  name: string;
  address: string | null;
  contact: string | null;
  phone: string | null;
  email: string | null;
  logo_key: string | null;
  logo_type: string | null;
  profile_key: string | null;
  profile_type: string | null;
  cover_key: string | null;
  cover_type: string | null;
  created_at: Date;
  updated_at: Date;
}

/** A project that belongs to an organisation. */
export interface EnterpriseProjectsTable {
  project_id: number;
  enterprise_id: number;
  created_by: number | null;
  created_at: Date;
}

/** A member granted a project of the organisation (creator and administrators need none). */
export interface EnterpriseProjectGrantsTable {
  project_id: number;
  user_id: number;
  enterprise_id: number;
  granted_by: number | null;
  created_at: Date;
}

/** The organisation's credit log: pool grants and purchases, credit given to and taken back from members. */
export interface EnterpriseCreditLogTable {
  id: Generated<number>;
  enterprise_id: number;
  /** grant | purchase | allocate | reclaim | seats. */
  change_type: string;
  operator_id: number | null;
  /** Display name of who made the change, or 'system'. */
  operator: string;
  member_id: number | null;
  member_name: string | null;
  /** Change of the pool [credits] (negative: given to a member). */
  photo_credits: Defaulted<number>;
  project_credits: Defaulted<number>;
  membership_days: Defaulted<number>;
  seats: Defaulted<number>;
  order_sn: string | null;
  note: string | null;
  created_at: Date;
}

/** A module or inverter manufacturer of an organisation's library. */
export interface EnterpriseManufacturersTable {
  id: Generated<number>;
  enterprise_id: number;
  /** 'module' | 'inverter'. */
  kind: string;
  name_en: string | null;
  name_zh: string | null;
  created_at: Date;
}

/** A PV module of an organisation's library; data = validated JSON (src/model/equipment-module.ts). */
export interface EnterpriseModulesTable {
  id: Generated<number>;
  enterprise_id: number;
  manufacturer: string;
  model: string;
  module_type: string;
  /** [W] at STC. */
  pmax: number;
  data: string;
  created_by: number | null;
  created_at: Date;
  updated_at: Date;
}

/** An inverter of an organisation's library; data = validated JSON (src/model/equipment-inverter.ts). */
export interface EnterpriseInvertersTable {
  id: Generated<number>;
  enterprise_id: number;
  manufacturer: string;
  model: string;
  inverter_type: string;
  /** [W] */
  rated_ac_power: number;
  data: string;
  created_by: number | null;
  created_at: Date;
  updated_at: Date;
}

/** Library entries an organisation disabled: kind module | inverter | manufacturer, source system | enterprise. */
export interface EnterpriseLibraryDisabledTable {
  enterprise_id: number;
  kind: string;
  source: string;
  item_id: number;
  created_at: Date;
}

/** The report of an organisation's last personnel import (JSON text), until cleared. */
export interface EnterpriseMemberImportsTable {
  enterprise_id: number;
  file_name: string | null;
  report: string;
  created_by: number | null;
  created_at: Date;
}

/** An open live project connection (WebSocket) on one server process. */
export interface EnterpriseLiveConnectionsTable {
  connection_id: string;
  enterprise_id: number;
  project_id: number;
  user_id: number;
  server_id: string;
  opened_at: Date;
  seen_at: Date;
}
