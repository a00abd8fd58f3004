// A CSV stream sent as a download (lead reports, the audit log export). Once its headers are out, a failure can only
// cut the download short: it is logged, with the export's name, at the level it deserves.
import { finished, type Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { classifyDatabaseError } from '../db/pg-errors.ts';

export function sendCsv(reply: FastifyReply, fileName: string, csv: Readable, what = 'report') {
  finished(csv, (err) => {
    if (!err) return;
    const code = 'code' in err ? err.code : undefined;
    if (code === 'ERR_STREAM_PREMATURE_CLOSE') reply.log.info({ fileName }, `${what} download ended by the client`);
    else if (code === 'ERR_CSV_READER_STALLED')
      reply.log.warn({ fileName, reason: err.message }, `${what} download stopped: the client stopped reading`);
    else if (classifyDatabaseError(err) !== undefined)
      reply.log.warn(
        { fileName, failure: err.message },
        `${what} download cut short: the database failed while it streamed`,
      );
    else reply.log.error({ err, fileName }, `${what} failed while streaming`);
  });
  return (
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      // Leads and audit entries are personal data: no cache keeps a copy.
      .header('cache-control', 'no-store')
      .send(csv)
  );
}
