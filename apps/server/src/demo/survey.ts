// Demo surveys: each demo campaign that exists gets its questions and logic rules (content in survey-content.ts).
import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';
import { DEMO_SURVEYS, type DemoQuestion } from './survey-content.ts';

async function seedCampaignSurvey(db: Db, campaignName: string, questions: readonly DemoQuestion[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const campaign = await trx
      .selectFrom('campaigns')
      .select('id')
      .where(sql<string>`lower(campaign_name)`, '=', campaignName.toLowerCase())
      .forUpdate()
      .executeTakeFirst();
    if (!campaign) return;
    // A campaign with any question already has its survey (the demo's, or one an admin made): leave it be.
    const existing = await trx
      .selectFrom('questions')
      .select('id')
      .where('campaignId', '=', campaign.id)
      .executeTakeFirst();
    if (existing) return;

    const inserted = await trx
      .insertInto('questions')
      .values(
        questions.map((q) => ({
          campaignId: campaign.id,
          qno: q.qno,
          title: q.title,
          type: q.type,
          options: [...(q.options ?? [])],
          optionalValue: q.optionalValue ?? null,
          instruction: q.instruction ?? null,
          status: q.status ?? true,
        })),
      )
      .returning(['id', 'qno'])
      .execute();
    const idOf = new Map(inserted.map((r) => [r.qno, r.id]));
    const maxQno = Math.max(...questions.map((q) => q.qno));
    await trx
      .updateTable('campaigns')
      .set({ nextQno: maxQno + 1 })
      .where('id', '=', campaign.id)
      .execute();

    const rules = questions.flatMap((q) =>
      (q.rules ?? []).map((r) => ({
        questionId: idOf.get(q.qno) ?? 0,
        campaignId: campaign.id,
        optionTitle: r.option,
        questionNoToShow: r.to === undefined ? null : (idOf.get(r.to) ?? null),
        isCompletedCall: r.end ?? null,
      })),
    );
    if (rules.length > 0) await trx.insertInto('logicRules').values(rules).execute();
  });
}

/** Idempotent: a campaign that has questions is left as it is, so running it twice changes nothing. */
export async function seedSurvey(db: Db): Promise<void> {
  for (const [campaignName, questions] of Object.entries(DEMO_SURVEYS)) {
    await seedCampaignSurvey(db, campaignName, questions);
  }
}
