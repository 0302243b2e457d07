// `Save-Data: on` is what a phone sends when its owner asked the browser to spend less
// data (prepaid plans): cards then show a drawing instead of the photo, which the pet's
// own page still shows (docs/decisions/0043-save-data.md).

/** Whether the request asks for the lighter page (the header's only value is "on"). */
export function wantsLessData(request: Request): boolean {
  return request.headers.get("Save-Data")?.trim().toLowerCase() === "on";
}
