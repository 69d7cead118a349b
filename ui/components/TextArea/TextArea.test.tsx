import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TextArea } from './TextArea';

describe('TextArea on the server', () => {
  it('renders a textarea without the type attribute an input would have', () => {
    const html = renderToString(<TextArea label="Enquiry" name="message" placeholder="Enquiry" />);
    const textarea = /<textarea\b[^>]*>/.exec(html)?.[0];
    expect(textarea).toBeDefined();
    expect(textarea).not.toMatch(/\stype=/);
    // Still the field's control: named, labelled and with its placeholder.
    expect(textarea).toMatch(/\sname="message"/);
    expect(textarea).toMatch(/\sid="[^"]+"/);
    expect(textarea).toMatch(/\splaceholder="Enquiry"/);
    expect(html).toMatch(/<label\b[^>]*\sfor="[^"]+"/);
  });
});
