import { test, expect } from './fixtures';

test.use({ timezoneId: 'Europe/Berlin' });

for (const size of [{ width: 1280, height: 800 }, { width: 1024, height: 640 }]) {
  test(`finds a device seen before by its MAC, serial or part of its name (${size.width}x${size.height})`, async ({ page, console }) => {
    await page.setViewportSize(size);
    const sim = console.app.demoServer!;
    const [first, second] = [...sim.state.agents.values()];
    await console.open(page, 'agents');
    const field = page.getByLabel('Device number', { exact: true });
    // Two devices looked up by number: they are now among those seen (recent look-ups and their saved copies).
    for (const device of [first!, second!]) {
      await field.fill(String(device.id));
      await field.press('Enter');
      await expect(page.getByRole('heading', { name: device.name, exact: false }).first()).toBeVisible();
    }

    // The MAC from the label, in another notation: the one device it names opens.
    const dashed = first!.mac.toLowerCase().replace(/:/g, '-');
    await field.fill(dashed);
    await field.press('Enter');
    await expect(field).toHaveValue(String(first!.id));
    await expect(page.getByRole('heading', { name: first!.name, exact: false }).first()).toBeVisible();

    // Part of a name: the matches are listed, each opens with a click.
    const word = first!.name.split(' ')[1]!;
    await field.fill(word.toLowerCase());
    await field.press('Enter');
    const matches = page.getByTestId('device-matches');
    await expect(matches).toContainText(`seen before matches “${word.toLowerCase()}”`);
    await page.screenshot({ path: test.info().outputPath(`matches-${size.width}.png`) });
    await matches.getByRole('button', { name: new RegExp(first!.name) }).click();
    await expect(field).toHaveValue(String(first!.id));

    // Nothing seen matches: said in words, with how many were searched.
    await field.fill('no-such-device');
    await field.press('Enter');
    await expect(page.getByTestId('device-matches')).toContainText('No device seen before matches “no-such-device” (2 devices searched');
    await page.screenshot({ path: test.info().outputPath(`none-${size.width}.png`) });
  });
}
