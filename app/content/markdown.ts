import { Marked } from 'marked';

/** A content page a shop owner edits as Markdown in app/content/pages. */
export interface ContentDoc {
  title: string;
  description: string;
  /** The first "# " heading, shown as the page's h1. */
  heading: string;
  /** The rest of the page, rendered to HTML at build time. */
  html: string;
  /** Each "## " section, for pages (FAQs) that list them. */
  sections: { heading: string; html: string }[];
}

const marked = new Marked({ gfm: true, breaks: false });

export function parseFrontMatter(source: string): { data: Record<string, string>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source);
  if (!match) return { data: {}, body: source };
  const data: Record<string, string> = {};
  for (const line of (match[1] ?? '').split(/\r?\n/)) {
    const separator = line.indexOf(':');
    if (separator <= 0) continue;
    data[line.slice(0, separator).trim()] = line.slice(separator + 1).trim();
  }
  return { data, body: source.slice(match[0].length) };
}

function render(markdown: string): string {
  return (marked.parse(markdown, { async: false }) as string).trim();
}

/** Turns a Markdown file (front matter: title, description) into a ContentDoc. */
export function parseContent(source: string, file = 'content'): ContentDoc {
  const { data, body } = parseFrontMatter(source);
  if (!data.title) throw new Error(`${file}: the front matter needs a title.`);
  if (!data.description) throw new Error(`${file}: the front matter needs a description.`);
  const headingMatch = /^#\s+(.+)$/m.exec(body);
  const heading = headingMatch?.[1]?.trim() ?? data.title;
  const rest = headingMatch ? body.replace(headingMatch[0], '') : body;
  const sections: ContentDoc['sections'] = [];
  const parts = rest.split(/^##\s+/m);
  for (const part of parts.slice(1)) {
    const newline = part.indexOf('\n');
    const sectionHeading = (newline === -1 ? part : part.slice(0, newline)).trim();
    sections.push({
      heading: sectionHeading,
      html: render(newline === -1 ? '' : part.slice(newline + 1)),
    });
  }
  return {
    title: data.title,
    description: data.description,
    heading,
    html: render(rest),
    sections,
  };
}
