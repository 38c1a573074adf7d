import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MonitoringEventType } from '../../../shared/contracts/monitoring';
import {
  webhookCreatedSchema,
  webhookDeliveryListSchema,
  webhookListSchema,
  type WebhookCreated,
  type WebhookDeliveryList,
  type WebhookList,
} from '../../../shared/contracts/webhooks';
import { authJson, authRequest } from '../../lib/auth-fetch';

/** The profile's webhooks: list, add (the secret comes back once), delete, recent deliveries. */

export const webhookKeys = {
  all: ['webhooks'] as const,
  deliveries: (id: string) => ['webhooks', id, 'deliveries'] as const,
};

export function fetchWebhooks(): Promise<WebhookList> {
  return authJson('/api/webhooks', webhookListSchema);
}

export function createWebhook(url: string, eventTypes?: MonitoringEventType[]): Promise<WebhookCreated> {
  return authJson('/api/webhooks', webhookCreatedSchema, { method: 'POST', json: eventTypes ? { url, event_types: eventTypes } : { url } });
}

export async function deleteWebhook(id: string): Promise<void> {
  await authRequest(`/api/webhooks/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function fetchDeliveries(id: string): Promise<WebhookDeliveryList> {
  return authJson(`/api/webhooks/${encodeURIComponent(id)}/deliveries?limit=10`, webhookDeliveryListSchema);
}

export function useWebhooksQuery() {
  return useQuery({ queryKey: webhookKeys.all, queryFn: fetchWebhooks, retry: false });
}

export function useDeliveriesQuery(id: string) {
  return useQuery({ queryKey: webhookKeys.deliveries(id), queryFn: () => fetchDeliveries(id), retry: false });
}

export function useInvalidateWebhooks(): () => Promise<void> {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: webhookKeys.all });
}
