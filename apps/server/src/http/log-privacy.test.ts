import { describe, expect, it } from 'vitest';
import { maskLogLine, maskPhones } from './log-privacy.ts';

describe('phone numbers in log lines', () => {
  it('keep only their last 4 digits, in URLs, paths, messages and database details', () => {
    expect(maskPhones('/api/ap/getByNumber?tableName=Camp&cellNumber=01712345678')).toBe(
      '/api/ap/getByNumber?tableName=Camp&cellNumber=*******5678',
    );
    expect(maskPhones('/dynamic/updateLeadData/Camp/%2B8801712345678?leadId=42')).toBe(
      '/dynamic/updateLeadData/Camp/%2B*********5678?leadId=42',
    );
    expect(maskPhones('Key (cell_number)=(+8801712345678) already exists')).toBe(
      'Key (cell_number)=(+*********5678) already exists',
    );
    expect(maskPhones('"url":"/x/1712345678"')).toBe('"url":"/x/******5678"');
  });

  it('leave times, durations, dates, small ids and recording dates alone', () => {
    const line =
      '{"level":30,"time":1764116219000,"pid":1234,"ms":12,"url":"/api/qcReport/getqc/123456","file":"20261120-101500_x.wav"}';
    expect(maskPhones(line)).toBe(line);
  });
});

describe('media tokens in log lines', () => {
  it('show as *** wherever a URL holds one, the rest of the URL kept', () => {
    expect(maskLogLine('{"url":"/api/voicelog/download?fileName=a.wav&token=eyJhbGciOi.eyJzdWIi.sig","ms":3}')).toBe(
      '{"url":"/api/voicelog/download?fileName=a.wav&token=***","ms":3}',
    );
    expect(maskLogLine('{"url":"/api/dialer/stream?token=abc.def.ghi&x=1"}')).toBe(
      '{"url":"/api/dialer/stream?token=***&x=1"}',
    );
  });
});
