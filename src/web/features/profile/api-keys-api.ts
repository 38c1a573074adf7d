import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiKeyCreatedSchema, apiKeyListSchema, type ApiKeyCreated, type ApiKeyList } from '../../../shared/contracts/api-keys';
import { authJson, authRequest } from '../../lib/auth-fetch';

/** The profile's API keys: list, create (the secret comes back once), revoke. */

export const apiKeyKeys = { all: ['api-keys'] as const };

export function fetchApiKeys(): Promise<ApiKeyList> {
  return authJson('/api/api-keys', apiKeyListSchema);
}

export function createApiKey(name: string): Promise<ApiKeyCreated> {
  return authJson('/api/api-keys', apiKeyCreatedSchema, { method: 'POST', json: { name } });
}

export async function revokeApiKey(id: string): Promise<void> {
  await authRequest(`/api/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useApiKeysQuery() {
  return useQuery({ queryKey: apiKeyKeys.all, queryFn: fetchApiKeys, retry: false });
}

export function useInvalidateApiKeys(): () => Promise<void> {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: apiKeyKeys.all });
}
