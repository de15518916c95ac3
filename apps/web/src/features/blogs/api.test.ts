import { describe, expect, it } from 'vitest';
import { toBlogFormData } from './api';

describe('toBlogFormData', () => {
  it('sends the multipart fields of docs/product.md, with blogImg only when a file is chosen', () => {
    const form = toBlogFormData({ title: 'T', description: 'D', user: 'U', image: null, views: 7, comments: 2 });
    expect([...form.keys()]).toEqual(['title', 'description', 'user', 'views', 'comments']);
    expect(form.get('views')).toBe('7');
    const image = new File([new Uint8Array([137, 80, 78, 71])], 'photo.png', { type: 'image/png' });
    const withImage = toBlogFormData({ title: 'T', description: 'D', user: '', image });
    expect(withImage.get('blogImg')).toBeInstanceOf(File);
    expect((withImage.get('blogImg') as File).name).toBe('photo.png');
    expect(withImage.get('views')).toBe('0');
  });
});
