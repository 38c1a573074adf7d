import { useQuery, useQueryClient } from '@tanstack/react-query';
import { accountSettingsSchema, type AccountSettings, type AccountSettingsUpdate } from '../../../shared/contracts/auth';
import { authJson } from '../../lib/auth-fetch';

/** The account's settings (how often the monitoring digest comes, the account's language). */

export const accountSettingsKeys = { all: ['account-settings'] as const };

export function fetchAccountSettings(): Promise<AccountSettings> {
  return authJson('/api/auth/me/settings', accountSettingsSchema);
}

/** Changes the settings named (the others stay as the server has them); answers them all. */
export function saveAccountSettings(settings: AccountSettingsUpdate): Promise<AccountSettings> {
  return authJson('/api/auth/me/settings', accountSettingsSchema, { method: 'PUT', json: settings });
}

export function useAccountSettingsQuery() {
  return useQuery({ queryKey: accountSettingsKeys.all, queryFn: fetchAccountSettings, retry: false });
}

/** Puts the saved settings in the cache, so that every reader shows them. */
export function useStoreAccountSettings(): (settings: AccountSettings) => void {
  const client = useQueryClient();
  return (settings) => client.setQueryData(accountSettingsKeys.all, settings);
}
