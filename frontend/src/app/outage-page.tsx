/**
 * What a page answers while the site's database cannot be reached (Django's API answers
 * 503): a short standalone page, status 503 with Retry-After (entry.server.tsx), instead
 * of an error page that could look like a bug.
 */
export function OutagePage({ requestId }: { requestId: string | null }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>Back in a moment</title>
      </head>
      <body>
        <main>
          <h1>Back in a moment</h1>
          <p>The site is briefly unavailable. Please try again in a minute.</p>
          {requestId ? (
            <p>
              If this goes on, tell us this reference: <code>{requestId}</code>
            </p>
          ) : null}
        </main>
      </body>
    </html>
  )
}
