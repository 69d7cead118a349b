import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseContent, parseFrontMatter } from './markdown';

describe('content pages', () => {
  it('reads front matter', () => {
    const { data, body } = parseFrontMatter(
      '---\ntitle: About: us\ndescription: Hello\n---\n# Hi\n',
    );
    expect(data).toEqual({ title: 'About: us', description: 'Hello' });
    expect(body).toBe('# Hi\n');
  });

  it('splits the heading and sections and renders Markdown', () => {
    const doc = parseContent(
      '---\ntitle: T\ndescription: D\n---\n# Heading\n\nIntro **bold**.\n\n## Q1?\n\nA1.\n\n## Q2?\n\n- a\n- b\n',
    );
    expect(doc.heading).toBe('Heading');
    expect(doc.html).toContain('<strong>bold</strong>');
    expect(doc.html).not.toContain('<h1');
    expect(doc.sections.map((s) => s.heading)).toEqual(['Q1?', 'Q2?']);
    expect(doc.sections[1]?.html).toContain('<li>a</li>');
  });

  it('refuses a page without a title or description', () => {
    expect(() => parseContent('# x')).toThrow('needs a title');
    expect(() => parseContent('---\ntitle: x\n---\n# x')).toThrow('needs a description');
  });

  it('every shipped page parses', () => {
    const dir = join(import.meta.dirname, 'pages');
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.md'))) {
      const doc = parseContent(readFileSync(join(dir, file), 'utf8'), file);
      expect(doc.title.length).toBeGreaterThan(0);
      expect(doc.description.length).toBeGreaterThan(50);
    }
  });

  it('the FAQs cover what customers ask most', () => {
    const doc = parseContent(readFileSync(join(import.meta.dirname, 'pages/faqs.md'), 'utf8'));
    const questions = doc.sections.map((s) => s.heading.toLowerCase()).join('\n');
    for (const topic of ['deliver', 'minimum order', 'oil delivery', 'smoke control', 'vat']) {
      expect(questions).toContain(topic);
    }
  });
});
