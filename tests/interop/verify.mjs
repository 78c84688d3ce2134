// Verifies our Open Badges credentials with Digital Bazaar's and the Digital Credentials
// Consortium's libraries, as an independent verifier would (offline: bundled contexts,
// did:key resolved locally, the status list given in the input file).
//
// Usage: node verify.mjs INPUT.json
//   INPUT: {"credential": {...}, "statusLists": {"<url>": {...}}}
// Prints: {"verified": bool, "revoked": bool|null, "error": str|null}
import {readFileSync} from 'node:fs';
import * as vc from '@digitalbazaar/vc';
import {DataIntegrityProof} from '@digitalbazaar/data-integrity';
import {cryptosuite as eddsaRdfc2022CryptoSuite} from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import {checkStatus} from '@digitalbazaar/vc-bitstring-status-list';
import {securityLoader} from '@digitalcredentials/security-document-loader';

const input = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const loader = securityLoader({fetchRemoteContexts: false});
for (const [url, document] of Object.entries(input.statusLists || {})) {
  loader.addStatic(url, document);
}
const documentLoader = loader.build();
const suite = new DataIntegrityProof({cryptosuite: eddsaRdfc2022CryptoSuite});

const result = await vc.verifyCredential({
  credential: input.credential,
  suite,
  documentLoader,
  checkStatus,
});
const status = result.statusResult;
const errors = [];
const collect = (error) => {
  if (!error) return;
  if (error.errors) error.errors.forEach(collect);
  else errors.push(String(error.message || error));
};
collect(result.error);
(result.results || []).forEach((r) => collect(r.error));
if (status && status.error) collect(status.error);
process.stdout.write(JSON.stringify({
  verified: Boolean(result.verified),
  // One result per status entry (ours has one, of purpose revocation): status true = set.
  revoked: status && status.verified ? status.results.some((r) => r.status === true) : null,
  error: errors.length ? errors.join('; ') : null,
}) + '\n');
