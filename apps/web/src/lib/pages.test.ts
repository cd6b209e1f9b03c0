import { describe, expect, it } from 'vitest';
import { IMPLEMENTED_PAGES, PAGE_FILES } from './pages';

describe('page table', () => {
  it('names a page file under features/ for every built page', () => {
    const files = import.meta.glob('../features/*/*Page.tsx');
    for (const file of Object.values(PAGE_FILES)) {
      const path = file!.split('#')[0];
      expect(files[`../features/${path}.tsx`], path).toBeTypeOf('function');
    }
    expect(IMPLEMENTED_PAGES.has('login')).toBe(true);
    expect(PAGE_FILES.viewip).toBe('users/UsersPage#ViewIpPage');
    expect(IMPLEMENTED_PAGES.has('donorprofile' as never)).toBe(false);
  });
});
