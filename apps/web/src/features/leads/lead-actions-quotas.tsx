// The generate screen's list of the campaign's quotas (docs/guide/quotas.md): each as name = value with count/limit and a
// Full badge, since generate holds back the fresh leads of a full quota on a lead field.
import { Badge, Group, List, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { quotaName } from '@crm/shared';
import { campaignQuotasKey, fetchCampaignQuotas } from './lead-actions-api.ts';

export function CampaignQuotas({ campaign }: { campaign: string }) {
  const quotas = useQuery({
    queryKey: campaignQuotasKey(campaign),
    queryFn: () => fetchCampaignQuotas(campaign),
    enabled: campaign !== '',
  });
  if (campaign === '' || quotas.data === undefined || quotas.data.length === 0) return null;
  return (
    <Stack gap={4} component="section" aria-label="Quotas">
      <Text size="sm" fw={500}>
        Quotas (leads of a full quota on a lead field are held back)
      </Text>
      <List size="sm" spacing={2}>
        {quotas.data.map((q) => (
          <List.Item key={q.id}>
            <Group gap="xs" wrap="nowrap">
              <Text size="sm">{`${quotaName(q)} = ${q.value}`}</Text>
              <Text size="sm" c="dimmed" ff="monospace">{`${q.count}/${q.limit}`}</Text>
              {q.full && (
                <Badge size="sm" color="red" variant="filled">
                  Full
                </Badge>
              )}
            </Group>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
