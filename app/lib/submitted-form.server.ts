/**
 * The form a route action received. A body that is not a form (no or another Content-Type, a
 * broken multipart body, a non-UTF-8 urlencoded one) makes `request.formData()` throw, which React
 * Router would answer with a 500; it is the client's mistake, so it gets a 415 instead.
 */
export async function submittedForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new Response("Send this form as application/x-www-form-urlencoded or multipart/form-data.", {
      status: 415,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}
