/**
 * What a headless site's navigation reads, on both targets: the items of one menu in menu order
 * (`menus`), the other menus' items (`menus_exclude`), and the item at one position
 * (`menu_order`; pages take it too). The fake once ignored all three and answered every item of
 * every menu, so a site tested against it rendered the footer's links in its header.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor, targets, unique } from './targets.js';

describe.each(targets())('menus of a headless site on $name', (target) => {
  const cms = clientFor(target);
  const onWordPress = target.name === 'wordpress';
  const menus = { header: 0, footer: 0 };
  const items = { home: 0, about: 0, imprint: 0 };
  const pages: number[] = [];
  const menuIds: number[] = [];
  let fakeTerm = 5150;
  /** A menu (a `nav_menu` term): created on WordPress; the fake keeps any id. */
  async function menu(): Promise<number> {
    fakeTerm += 1;
    if (!onWordPress) return fakeTerm;
    const { data } = await cms.requestRaw<{ id: number }>({
      method: 'POST',
      path: '/wp/v2/menus',
      body: { name: unique('menu') },
    });
    menuIds.push(data.id);
    return data.id;
  }
  beforeAll(async () => {
    menus.header = await menu();
    menus.footer = await menu();
    const item = async (title: string, menu: number, menu_order: number) =>
      (await cms.menuItems.create({ title, url: 'https://example.com/', status: 'publish', menus: menu, menu_order }))
        .id;
    // Created out of order: the list sorts by menu_order.
    items.about = await item(unique('about'), menus.header, 2);
    items.home = await item(unique('home'), menus.header, 1);
    items.imprint = await item(unique('imprint'), menus.footer, 1);
  });
  afterAll(async () => {
    for (const id of Object.values(items)) await cms.menuItems.delete(id, { force: true }).catch(() => undefined);
    for (const id of pages) await cms.pages.delete(id, { force: true }).catch(() => undefined);
    for (const id of menuIds)
      await cms
        .requestRaw({ method: 'DELETE', path: `/wp/v2/menus/${id}`, query: { force: true } })
        .catch(() => undefined);
  });
  const idsOf = async (query: Parameters<typeof cms.menuItems.list>[0]) =>
    (await cms.menuItems.list({ ...query, include: Object.values(items), _fields: ['id'] })).items.map(
      (item) => item.id,
    );

  it("one menu's items, in menu order", async () => {
    expect(await idsOf({ menus: [menus.header] })).toEqual([items.home, items.about]);
    expect(await idsOf({ menus: [menus.footer] })).toEqual([items.imprint]);
    // Home and imprint share menu_order 1: WordPress (MySQL) leaves the order of a tie open.
    const both = await idsOf({ menus: [menus.header, menus.footer] });
    const byId = (a: number, b: number) => a - b;
    expect(both.slice(0, 2).sort(byId)).toEqual([items.home, items.imprint].sort(byId));
    expect(both[2]).toBe(items.about);
  });

  it('the items of every menu but one (menus_exclude)', async () => {
    expect(await idsOf({ menus_exclude: [menus.header] })).toEqual([items.imprint]);
  });

  it('the item at one position (menu_order), on menu items and pages', async () => {
    expect(await idsOf({ menus: [menus.header], menu_order: 2 })).toEqual([items.about]);
    const marker = unique('order');
    for (const menu_order of [4, 7])
      pages.push((await cms.pages.create({ title: `${marker} ${menu_order}`, status: 'publish', menu_order })).id);
    const listed = await cms.pages.list({ include: pages, menu_order: 7, _fields: ['id'] });
    expect(listed.items.map((page) => page.id)).toEqual([pages[1]]);
  });
});
