// Demo agents of both types with full profiles, and a second QC inspector. Running it again changes nothing.
import { sql } from 'kysely';
import type { TAgentProfileField, TAgentType } from '@crm/shared';
import type { Db } from '../db/schema.ts';
import { hashPassword } from '../auth/password.ts';

export const DEMO_AGENT_PASSWORD = 'demo-agent-pass';

type DemoAgent = { agentId: string; name: string; type: TAgentType; active: boolean } & Partial<
  Record<TAgentProfileField, string>
>;

/** AG-1001 is the demo's sign-in agent (demo/seed.ts); here it gets its profile. */
export const DEMO_AGENTS: readonly DemoAgent[] = [
  {
    agentId: 'AG-1001',
    name: 'Karim Hossain',
    type: 'Physical',
    active: true,
    cellNumber: '01711234501',
    joiningDate: '2023-03-01',
    bkashAcNumber: '01711234501',
    email: 'karim.hossain@example.com',
    fatherName: 'Abdul Hossain',
    motherName: 'Rahima Khatun',
    dob: '1996-04-12',
    sex: 'Male',
    bloodGroup: 'B+',
    presentAddress: 'House 12, Road 4, Mirpur 10, Dhaka',
    permanentAddress: 'Village Chandina, Cumilla',
    homeDistrict: 'Cumilla',
    emergencyContactNumber: '01811234501',
    emergencyContactPerson: 'Abdul Hossain (father)',
    religion: 'Islam',
    maritalStatus: 'Married',
    highestEducation: 'BBA',
    institute: 'University of Dhaka',
    previousCompany: 'Robi Axiata',
  },
  {
    agentId: 'AG-1002',
    name: 'Sadia Islam',
    type: 'Virtual',
    active: true,
    cellNumber: '01819876502',
    joiningDate: '2023-07-16',
    nagadAcNumber: '01819876502',
    email: 'sadia.islam@example.com',
    sex: 'Female',
    bloodGroup: 'O+',
    homeDistrict: 'Rajshahi',
    presentAddress: 'Shaheb Bazar, Rajshahi',
    highestEducation: 'BA (Hons)',
    institute: 'Rajshahi University',
  },
  {
    agentId: 'AG-1003',
    name: 'Mahmudul Hasan',
    type: 'Physical',
    active: true,
    cellNumber: '01912345603',
    joiningDate: '2024-01-07',
    bankAcNumber: '1502034567001',
    bkashAcNumber: '01912345603',
    sex: 'Male',
    bloodGroup: 'A+',
    homeDistrict: 'Dhaka',
    presentAddress: 'Dhanmondi 27, Dhaka',
    highestEducation: 'HSC',
    previousCompany: 'Daraz Bangladesh',
  },
  {
    agentId: 'AG-1004',
    name: 'Tasnim Rahman',
    type: 'Virtual',
    active: true,
    cellNumber: '01612345604',
    joiningDate: '2024-02-18',
    bkashAcNumber: '01612345604',
    sex: 'Female',
    bloodGroup: 'AB+',
    homeDistrict: 'Chattogram',
    presentAddress: 'Agrabad, Chattogram',
    highestEducation: 'BSS',
    institute: 'University of Chittagong',
  },
  {
    agentId: 'AG-1005',
    name: 'Rashed Chowdhury',
    type: 'Physical',
    active: false,
    cellNumber: '01512345605',
    joiningDate: '2022-11-20',
    bankAcNumber: '2050012345678',
    sex: 'Male',
    bloodGroup: 'O-',
    homeDistrict: 'Sylhet',
    presentAddress: 'Zindabazar, Sylhet',
    previousCompany: 'Banglalink',
  },
  {
    agentId: 'AG-1006',
    name: 'Nusrat Jahan',
    type: 'Virtual',
    active: true,
    cellNumber: '01312345606',
    joiningDate: '2024-05-05',
    nagadAcNumber: '01312345606',
    sex: 'Female',
    bloodGroup: 'B-',
    homeDistrict: 'Khulna',
    presentAddress: 'Sonadanga, Khulna',
    highestEducation: 'MBA',
    institute: 'Khulna University',
  },
];

export const DEMO_QC_INSPECTORS = [
  { username: 'qc.sultana', name: 'Farhana Sultana', password: 'demo-qc-pass' },
] as const;
/**
 * Two more inspectors for the calibration demo and its browser test (docs/guide/calibration.md). Kept out of
 * DEMO_QC_INSPECTORS, whose inspectors the QC demo data (demo/qc.ts) shares its records between.
 */
export const DEMO_CALIBRATION_INSPECTORS = [
  { username: 'qc.karim', name: 'Rezaul Karim', password: 'demo-qc-pass' },
  { username: 'qc.akter', name: 'Shirin Akter', password: 'demo-qc-pass' },
] as const;

async function findUserId(db: Db, username: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
  return row?.id;
}

export async function seedAgents(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const { agentId, name, type, active, ...profile } of DEMO_AGENTS) {
      let userId = await findUserId(trx, agentId);
      if (userId === undefined) {
        const user = await trx
          .insertInto('users')
          .values({
            username: agentId,
            name,
            role: 'agent',
            active,
            passwordHash: await hashPassword(DEMO_AGENT_PASSWORD),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        userId = user.id;
      }
      // An agent that already has a profile is left as it is: an admin may have edited it.
      await trx
        .insertInto('agents')
        .values({ userId, type, ...profile })
        .onConflict((oc) => oc.column('userId').doNothing())
        .execute();
    }
    for (const qc of [...DEMO_QC_INSPECTORS, ...DEMO_CALIBRATION_INSPECTORS]) {
      if ((await findUserId(trx, qc.username)) !== undefined) continue;
      await trx
        .insertInto('users')
        .values({ username: qc.username, name: qc.name, role: 'qc', passwordHash: await hashPassword(qc.password) })
        .execute();
    }
  });
}
