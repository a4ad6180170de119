/** Names the generated schemas, so a precompiled validator module built from other ones is never used. */
import { createHash } from 'node:crypto';
import { schemaDocuments } from '../index';

export function schemaFingerprint(): string {
  return createHash('sha256').update(JSON.stringify(schemaDocuments)).digest('hex');
}
