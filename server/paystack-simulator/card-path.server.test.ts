/**
 * The simulator's card path over real HTTP (decision 0029): the plain and the OTP test cards on the hosted page
 * and in the pop-up, references Paystack refuses, fees on a success, and metadata's custom_fields on the pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { control, initialize, newReference, verified } from './simulator-test-helpers';
import { startPaystackSimulator, type Simulator } from './simulator.server';

describe('the card path, references, fees and custom_fields (decision 0029)', () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startPaystackSimulator();
  });
  afterAll(() => sim.close());

  const post = (path: string, body: Record<string, string>, type: 'form' | 'json' = 'form') =>
    fetch(`${sim.baseUrl}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': type === 'form' ? 'application/x-www-form-urlencoded' : 'application/json' },
      body: type === 'form' ? new URLSearchParams(body).toString() : JSON.stringify(body),
    });

  it('offers the plain test card (chosen) and one that asks for an OTP; the plain one pays at once', async () => {
    const reference = newReference('plain');
    const code = await initialize(reference, sim);
    const html = await (await fetch(`${sim.baseUrl}/checkout/${code}`)).text();
    expect(html).toContain('<input type="radio" name="card" value="plain" checked>');
    expect(html).toContain('<input type="radio" name="card" value="otp">');
    expect((await post(`/checkout/${code}/pay`, { card: 'plain' })).status).toBe(303);
    expect(await verified(reference, sim)).toMatchObject({ status: 'success', channel: 'card' });
  });

  it('hosted page: the OTP card stops at Enter OTP (verify: ongoing on card); a wrong OTP asks again', async () => {
    const reference = newReference('otp');
    const code = await initialize(reference, sim);
    const paid = await post(`/checkout/${code}/pay`, { card: 'otp' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`/checkout/${code}`);
    expect(await verified(reference, sim)).toMatchObject({ status: 'ongoing', channel: 'card', paid_at: null });
    const page = await (await fetch(`${sim.baseUrl}/checkout/${code}`)).text();
    expect(page).toContain('<h2>Enter OTP</h2>');
    expect(page).toContain('the OTP is <strong>123456</strong>');
    expect(page).toContain(`<form method="post" action="/checkout/${code}/otp">`);
    expect(page).toContain(`href="http://127.0.0.1:9/back?trxref=${reference}&#38;reference=${reference}"`);
    expect(page).not.toContain('<button class="pay" type="submit">Pay</button>');
    const wrong = await post(`/checkout/${code}/otp`, { otp: '000000' });
    expect(wrong.headers.get('location')).toBe(`/checkout/${code}?wrong-otp`);
    expect(await (await fetch(`${sim.baseUrl}/checkout/${code}?wrong-otp`)).text()).toMatch(
      /<p role="alert" id="otp-error">That OTP is not right/,
    );
    expect((await verified(reference, sim)).status).toBe('ongoing');
    const right = await post(`/checkout/${code}/otp`, { otp: '123456' });
    expect(new URL(right.headers.get('location')!).searchParams.get('reference')).toBe(reference);
    expect(await verified(reference, sim)).toMatchObject({ status: 'success', channel: 'card' });
    expect(sim.transactions.get(reference)).toMatchObject({ card: 'otp' });
  });

  it('pop-up: Pay with the OTP card answers ongoing, the OTP then succeeds; a resumed pop-up opens at the OTP', async () => {
    const reference = newReference('popotp');
    const code = await initialize(reference, sim);
    expect(await (await post(`/popup/${code}/pay`, { card: 'otp' }, 'json')).json()).toMatchObject({
      status: 'ongoing',
    });
    const resumed = await (await fetch(`${sim.baseUrl}/popup/${code}`)).text();
    expect(resumed).toContain('<div id="choose" hidden>');
    expect(resumed).toContain('<div id="otp-step">');
    expect(await (await post(`/popup/${code}/otp`, { otp: '1' }, 'json')).json()).toMatchObject({
      status: 'ongoing',
      wrongOtp: true,
    });
    expect(await (await post(`/popup/${code}/otp`, { otp: '123456' }, 'json')).json()).toMatchObject({
      reference,
      status: 'success',
    });
  });

  it('start-otp through the control endpoint, and an ongoing with no channel reported with none', async () => {
    const reference = newReference('ctlotp');
    await initialize(reference, sim);
    const response = await control({ action: 'start-otp', reference }, `Bearer ${sim.controlToken}`, 'POST', sim);
    expect(await response.json()).toMatchObject({ transaction: { status: 'otp', verifyStatus: 'ongoing' } });
    const other = newReference('nochannel');
    await initialize(other, sim);
    (sim.transactions.get(other) as { status: string }).status = 'ongoing';
    expect(await verified(other, sim)).toMatchObject({ status: 'ongoing', channel: null });
  });

  it('refuses on initialize a reference with a character Paystack refuses, in its error envelope', async () => {
    for (const reference of ['pj_1_x', 'pj 1', 'pj/1', 'pj#1']) {
      const response = await fetch(`${sim.baseUrl}/transaction/initialize`, {
        method: 'POST',
        headers: { authorization: `Bearer ${sim.secretKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'ada@example.com', amount: 500000, reference }),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        status: false,
        message: 'Invalid character in transaction reference',
        meta: { nextStep: expect.stringContaining('alphanumeric') },
        type: 'validation_error',
        code: 'invalid_reference',
      });
    }
    for (const reference of ['pj-1.2=3-Ab', 'A.b=c-9']) await initialize(reference, sim);
  });

  it('reports fees on a success (1.5% + ₦100, capped at ₦2,000) and none before', async () => {
    const reference = newReference('fees');
    await initialize(reference, sim);
    expect(await verified(reference, sim)).toMatchObject({ fees: null });
    sim.pay(reference);
    // ₦5,000: 1.5% is ₦75, plus ₦100.
    expect(await verified(reference, sim)).toMatchObject({ status: 'success', fees: 17_500 });
  });

  it('keeps metadata and shows its custom_fields on the pages', async () => {
    const reference = newReference('meta');
    const metadata = {
      orderId: 'o1',
      custom_fields: [
        { display_name: 'Order number', variable_name: 'order_number', value: 'AB12CD34' },
        { display_name: 'Items', variable_name: 'items', value: '<b>Shirt</b> × 2' },
      ],
    };
    const response = await fetch(`${sim.baseUrl}/transaction/initialize`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sim.secretKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ada@example.com', amount: 500000, reference, metadata }),
    });
    const { access_code: code } = ((await response.json()) as { data: { access_code: string } }).data;
    expect(sim.transactions.get(reference)?.metadata).toEqual(metadata);
    for (const kind of ['checkout', 'popup']) {
      const html = await (await fetch(`${sim.baseUrl}/${kind}/${code}`)).text();
      expect(html).toContain('<dt>Order number</dt><dd>AB12CD34</dd>');
      expect(html).toContain('<dd>&#60;b&#62;Shirt&#60;/b&#62; × 2</dd>');
    }
  });
});
