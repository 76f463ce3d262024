/** Instance-wide settings, one row per key, changed by admins without a restart. */
export interface InstanceSettingsTable {
  key: string;
  value: string;
  updated_at: string;
}
