import type { CredentialCheck } from '@/features/certificates/types'
import { apiClient, unwrap } from '@/lib/api-client'

/** The largest credential file the API checks (a credential is a few kilobytes). */
export const CREDENTIAL_MAX_BYTES = 256 * 1024

export const CREDENTIAL_TOO_LARGE_MESSAGE = 'The file is larger than 256 KB: a credential is a few kilobytes. Choose the credential JSON file.'
export const CREDENTIAL_MISSING_MESSAGE = 'Choose a credential file (.json) to check.'

/**
 * POST the credential file as multipart form data to the API, which checks its signature,
 * issuer key and revocation status. The verdict is in the answer (valid, not_valid with a
 * reason, revoked); a file that is not one of our signed credentials is an ApiError (422 with
 * extra.reason, 413 when too large).
 */
export function checkCredential(file: Blob, filename = 'credential.json'): Promise<CredentialCheck> {
  return unwrap(
    apiClient.POST('/api/credentials/check', {
      // The schema types the file as a string (binary); the serializer sends the Blob itself.
      body: { file: '' },
      bodySerializer: () => {
        const form = new FormData()
        form.append('file', file, filename)
        return form
      },
    }),
  )
}
