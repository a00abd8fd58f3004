// The criteria the insights group marks by: every non-draft scorecard version's criteria, one line per key within a
// scorecard (across its versions), named from the newest version that has the key; "Standard" first, then by name.
import {
  STANDARD_SCORECARD_ID,
  bestChoiceMarks,
  criteriaOf,
  type TScorecardCriterion,
  type TScorecardDefinition,
} from '@crm/shared';
import type { Db } from '../../db/schema.ts';

/** One criterion of one version. */
export type VersionCriterion = {
  versionId: number;
  version: number;
  /** The version's scorecard name. */
  scorecard: string;
  name: string;
  best: number;
  /** Its scale as "Yes 10 / No 0": versions whose scales differ get their own figures. */
  scale: string;
};

/** One line of the insights: a key within a scorecard, across that scorecard's versions. */
export type CatalogCriterion = {
  /** `${scorecardId}:${key}`. */
  id: string;
  key: string;
  /** The scorecard (its first version's id) and its newest version's name. */
  scorecardId: number;
  scorecard: string;
  name: string;
  maxMarks: number;
  /** The oldest version with the key: whose scale a criterion without records shows. */
  firstVersionId: number;
};

export type Catalog = {
  criteria: CatalogCriterion[];
  /** {versionId: {key: best mark}}: what the SQL subtracts each mark from. */
  bestMarks: Record<string, Record<string, number>>;
  /** The line a record's mark of `key` on version `versionId` adds to. */
  criterionId(versionId: number, key: string): string | undefined;
  versionCriterion(versionId: number, key: string): VersionCriterion | undefined;
};

type VersionRow = { id: number; scorecardId: number; version: number; name: string; definition: TScorecardDefinition };

const scaleOf = (c: TScorecardCriterion) => c.choices.map((ch) => `${ch.label} ${ch.marks}`).join(' / ');
const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** The catalog of the given versions (any order). */
export function catalogOf(rows: readonly VersionRow[]): Catalog {
  const byVersion = new Map<number, { scorecardId: number; criteria: Map<string, VersionCriterion> }>();
  const families = new Map<number, VersionRow[]>();
  for (const row of rows) {
    const criteria = new Map<string, VersionCriterion>();
    for (const c of criteriaOf(row.definition))
      criteria.set(c.key, {
        versionId: row.id,
        version: row.version,
        scorecard: row.name,
        name: c.name,
        best: bestChoiceMarks(c),
        scale: scaleOf(c),
      });
    byVersion.set(row.id, { scorecardId: row.scorecardId, criteria });
    families.set(row.scorecardId, [...(families.get(row.scorecardId) ?? []), row]);
  }
  const ordered = [...families.entries()]
    .map(([scorecardId, versions]) => ({ scorecardId, versions: versions.sort((a, b) => b.version - a.version) }))
    .sort(
      (a, b) =>
        Number(b.scorecardId === STANDARD_SCORECARD_ID) - Number(a.scorecardId === STANDARD_SCORECARD_ID) ||
        byName.compare(a.versions[0]?.name ?? '', b.versions[0]?.name ?? '') ||
        a.scorecardId - b.scorecardId,
    );
  const criteria: CatalogCriterion[] = [];
  for (const { scorecardId, versions } of ordered) {
    const seen = new Map<string, CatalogCriterion>();
    // Newest first: its order and names win; keys only older versions have follow.
    for (const v of versions)
      for (const c of criteriaOf(v.definition)) {
        const line = seen.get(c.key);
        if (line) {
          line.firstVersionId = v.id;
          continue;
        }
        const added = {
          id: `${scorecardId}:${c.key}`,
          key: c.key,
          scorecardId,
          scorecard: versions[0]?.name ?? v.name,
          name: c.name,
          maxMarks: bestChoiceMarks(c),
          firstVersionId: v.id,
        };
        seen.set(c.key, added);
        criteria.push(added);
      }
  }
  const bestMarks = Object.fromEntries(
    [...byVersion.entries()].map(([id, v]) => [
      String(id),
      Object.fromEntries([...v.criteria.entries()].map(([key, c]) => [key, c.best])),
    ]),
  );
  return {
    criteria,
    bestMarks,
    criterionId: (versionId, key) => {
      const v = byVersion.get(versionId);
      return v?.criteria.has(key) ? `${v.scorecardId}:${key}` : undefined;
    },
    versionCriterion: (versionId, key) => byVersion.get(versionId)?.criteria.get(key),
  };
}

/** Every version records can be on (drafts have none): a small table, read whole. */
export async function findCriterionCatalog(db: Db): Promise<Catalog> {
  const rows = await db
    .selectFrom('scorecards')
    .select(['id', 'scorecardId', 'version', 'name', 'definition'])
    .where('state', '<>', 'draft')
    .execute();
  return catalogOf(rows);
}
