/**
 * The build's precompiled validators are used only when they were compiled from the schemas the
 * catalogue names: the catalogue carries the fingerprint of the schema documents (written by
 * generation), the build stamps its module with the fingerprint of what it compiled.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fingerprintOf } from '../../scripts/generate/build-catalog';
import { tempFolders } from '../../test-support/temp-files';
import { schemaFingerprint } from '../generated/catalogue';
import { schemaDocuments } from '../generated/index';
import { loadPrecompiled, precompiledFile } from './precompiled-loader';

const newFolder = tempFolders('precompiled-loader');

function builtWith(fingerprint: string): string {
  const folder = newFolder();
  const code = `exports.validate = () => true;\nexports.fingerprint = ${JSON.stringify(fingerprint)};\n`;
  writeFileSync(join(folder, precompiledFile('strict/article.json')), code);
  return folder;
}

describe('loading the precompiled validators', () => {
  test("the catalogue's fingerprint is that of the schema documents as they are", () => {
    expect(schemaFingerprint).toBe(fingerprintOf(schemaDocuments));
  });

  test('a module built from the same schemas is used', () => {
    expect(loadPrecompiled(builtWith(fingerprintOf(schemaDocuments)), 'strict/article.json')).toBeInstanceOf(Function);
  });

  test('a module built from other schemas is ignored, never used', () => {
    const other = fingerprintOf([...schemaDocuments, { $id: 'another.json' }]);
    expect(loadPrecompiled(builtWith(other), 'strict/article.json')).toBeUndefined();
  });

  test("a schema's module is named after its $id, one file a schema", () => {
    expect(precompiledFile('strict/article.json')).toBe('precompiled.strict.article.js');
    expect(new Set(schemaDocuments.map((document) => precompiledFile(document.$id))).size).toBe(schemaDocuments.length);
  });

  test('a build without the module compiles at run time', () => {
    expect(loadPrecompiled(newFolder(), 'strict/article.json')).toBeUndefined();
  });
});
