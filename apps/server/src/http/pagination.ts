// The spec's paged reply for every `/pagination/{page}/{size}` endpoint (0-based page index).
import type { TPaged, TPageParams } from '@crm/shared';

export function pageWindow({ page, size }: TPageParams): { limit: number; offset: number } {
  return { limit: size, offset: page * size };
}

export function toPaged<T>(content: T[], totalElements: number, { page, size }: TPageParams): TPaged<T> {
  return {
    recordCount: totalElements,
    response: { content, totalElements, totalPages: Math.ceil(totalElements / size), size, number: page },
  };
}
