/**
 * The upload forms' cases (check a credential file, a task board's submission), each tested
 * in two halves because of vitest-dev/vitest#9135 (fixed by vitest PR #11300, not released
 * in Vitest 5.1.1): under jsdom, Node 24's undici builds the Files of a parsed multipart body
 * with the global File, which is jsdom's, and refuses them, so a route's action cannot read
 * a form with a file that the page posted to it.
 *
 * - The action's half, src/app/__tests__/upload-actions.test.ts (Vitest's node environment:
 *   Node's own Request, FormData and File, as the server runs the action): given a multipart
 *   post and the API's answer `api`, the action sends the form to the API and answers
 *   `action`.
 * - The page's half, verify.test.tsx and task-submissions.test.tsx (jsdom): the page submits
 *   its form, the route's action is a stand-in answering `action` without reading the body
 *   (renderRoute's `actions`, through createRoutesStub), and the test asserts what the page
 *   shows.
 *
 * Once Vitest has the fix, each pair can be one test again (the page's form to the real
 * action and on to the mocked API).
 */
import { data, type ActionFunction } from 'react-router'

import type { components } from '@/api/schema'
import { json } from '@/test/api'
import { placementTask, type PlacementTask } from '@/test/internship-fixtures'

export type UploadCase = {
  /** The API's answer to the upload. */
  api: () => Response
  /** What the route's action answers to it: the status, and the data the page reads. */
  action: { status: number; data: Record<string, unknown> }
}

/**
 * A stand-in for the route's action that answers as the real one does, the body not read.
 * `posted` is told of each request (its method and headers can be read; not its body).
 */
export function answering(upload: UploadCase, posted?: (request: Request) => void): ActionFunction {
  return ({ request }) => {
    posted?.(request)
    return data(upload.action.data, { status: upload.action.status })
  }
}

/** An action's refusal of the API's error envelope (src/server/form.server.ts, formFailure). */
function refusal(
  status: number,
  message: string,
  extra: Record<string, unknown>,
  intent: string,
  values: Record<string, string>,
): UploadCase {
  const fields = (extra.fields ?? {}) as Record<string, string>
  return {
    api: () => json({ message, extra }, status),
    action: { status, data: { ok: false, intent, status, message, fields, extra, values } },
  }
}

// Check a credential file (the verify pages' action).

const CREDENTIAL_INTENT = 'credential-check'

type CredentialCheck = components['schemas']['CredentialCheckOut']

export function credentialCheck(overrides: Partial<CredentialCheck> = {}): CredentialCheck {
  return {
    verdict: 'valid',
    reason: '',
    issuer_id: 'did:key:z6MkExample',
    issuer_name: 'Example Academy',
    issuer_url: 'https://example.test',
    holder: 'Asha Verma',
    achievement: 'Web Development (30 Days)',
    achievement_description: 'Completed the 30-day internship in Web Development.',
    valid_from: '2025-03-26T00:00:00Z',
    credential_id: 'https://example.test/api/certificates/WD-2025-0042/credential',
    ...overrides,
  }
}

function checked(check: CredentialCheck): UploadCase {
  return { api: () => json(check), action: { status: 200, data: { ok: true, intent: CREDENTIAL_INTENT, check } } }
}

const credentialRefusal = (status: number, reason: string, message: string) => refusal(status, message, { reason }, CREDENTIAL_INTENT, {})

export const credentialCases = {
  valid: checked(credentialCheck()),
  notValid: checked(
    credentialCheck({ verdict: 'not_valid', reason: 'It is not a credential we issued: it carries a field “grade” in the subject, which our credentials never do.' }),
  ),
  revoked: checked(credentialCheck({ verdict: 'revoked', reason: 'The issuer has revoked this credential.' })),
  notJson: credentialRefusal(422, 'not_json', 'The file is not JSON.'),
  notCredential: credentialRefusal(422, 'not_credential', 'The file is not a credential: it has no credentialSubject.'),
  proof: credentialRefusal(422, 'proof', 'The proof is not a DataIntegrityProof (eddsa-rdfc-2022).'),
  unknownKey: credentialRefusal(422, 'unknown_key', 'The credential was signed by a key that is not ours.'),
  tooLarge: credentialRefusal(413, 'too_large', 'The file is larger than 256 KB: a credential is a few kilobytes.'),
} satisfies Record<string, UploadCase>

// A task board's submission (the tasks pages' action), task 3 of /tasks-10.

/** Task 3 once the work (link, note and report.pdf) was sent. */
export const submittedTask: PlacementTask = placementTask(3, {
  state: 'submitted',
  link: 'https://github.com/asha/task-3',
  note: 'Done with tests.',
  file_name: 'report.pdf',
  file_url: '/api/internships/submissions/13/file',
  submitted_at: '2025-12-17T06:00:00Z',
})

const typed = { link: 'https://github.com/asha/task-3', note: '' }

export const submissionCases = {
  submitted: {
    api: () => json(submittedTask, 201),
    action: { status: 200, data: { ok: true, intent: 'task-3', entry: submittedTask } },
  },
  linkRefused: refusal(
    422,
    'Please correct the errors below.',
    { fields: { link: 'Enter a link that starts with https://' } },
    'task-3',
    { link: 'http://github.com/asha', note: '' },
  ),
  fileRefused: refusal(422, 'Check the highlighted fields.', { fields: { file: 'Upload a PDF or ZIP file.' } }, 'task-3', typed),
  locked: refusal(409, 'This task is not unlocked yet.', {}, 'task-3', typed),
} satisfies Record<string, UploadCase>
