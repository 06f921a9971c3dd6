/** The build id the server wrote into `<meta name="build-id" content="...">`, or null. */
export function readBuildId(doc: Document = document): string | null {
  const content = doc.querySelector<HTMLMetaElement>('meta[name="build-id"]')?.content.trim() ?? '';
  return content === '' ? null : content;
}
