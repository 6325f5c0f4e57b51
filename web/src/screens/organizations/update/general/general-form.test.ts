import {
  CALLBACK_URL_MESSAGE,
  CONTACT_NAME_REQUIRED_MESSAGE,
  EMAIL_MESSAGE,
  NAME_REQUIRED_MESSAGE,
  WEB_ADDRESS_MESSAGE,
} from '@meridian/schema';
import { describe, expect, it } from 'vitest';
import { generalValuesOf, toUpdateOrganizationInput, validateGeneral } from './general-form.js';
import { matchStates, orderStates } from './us-states.js';

const saved = generalValuesOf({
  name: 'Acme Health',
  domain: ['acme.test'],
  callbackUrls: ['https://app.acme.test/cb'],
  primaryContact: { name: 'Ada', email: 'ada@acme.test' },
  biPortalUrl: 'https://bi.acme.test',
  biPortal: { defaultStates: ['TX', 'CA'] },
});

describe('general settings form', () => {
  it('reads the organization into the form, states in the list order', () => {
    expect(saved).toEqual({
      name: 'Acme Health',
      domains: ['acme.test'],
      callbackUrls: ['https://app.acme.test/cb'],
      contactName: 'Ada',
      contactEmail: 'ada@acme.test',
      biPortalUrl: 'https://bi.acme.test',
      defaultStates: ['CA', 'TX'],
    });
  });

  it('sends nothing when nothing changed, and only the fields that did', () => {
    expect(toUpdateOrganizationInput(saved, saved)).toBeNull();
    expect(toUpdateOrganizationInput({ ...saved, name: ' Acme Health ' }, saved)).toBeNull();
    expect(
      toUpdateOrganizationInput({ ...saved, name: 'Acme Health Plan', defaultStates: ['TX', 'CA', 'NY'] }, saved),
    ).toEqual({ name: 'Acme Health Plan', biPortalDefaultStates: ['CA', 'NY', 'TX'] });
    expect(toUpdateOrganizationInput({ ...saved, contactEmail: 'NEW@acme.test' }, saved)).toEqual({
      primaryContact: { name: 'Ada', email: 'new@acme.test' },
    });
    expect(toUpdateOrganizationInput({ ...saved, domains: [] }, saved)).toEqual({ domain: [] });
  });

  it('checks name, contact, callback URLs and the BI portal URL beside their fields', () => {
    expect(validateGeneral(saved, saved)).toEqual({});
    expect(
      validateGeneral(
        { ...saved, name: ' ', contactName: '', contactEmail: 'ada', callbackUrls: ['nope'], biPortalUrl: 'bi.acme' },
        saved,
      ),
    ).toEqual({
      name: NAME_REQUIRED_MESSAGE,
      'primaryContact.name': CONTACT_NAME_REQUIRED_MESSAGE,
      'primaryContact.email': EMAIL_MESSAGE,
      callbackUrls: CALLBACK_URL_MESSAGE,
      biPortalUrl: WEB_ADDRESS_MESSAGE,
    });
    expect(validateGeneral({ ...saved, biPortalUrl: 'javascript:alert(1)' }, saved)).toEqual({
      biPortalUrl: WEB_ADDRESS_MESSAGE,
    });
    // Emptying the field removes the URL: it is sent as null.
    expect(validateGeneral({ ...saved, biPortalUrl: '' }, saved)).toEqual({});
    expect(toUpdateOrganizationInput({ ...saved, biPortalUrl: '' }, saved)).toEqual({ biPortalUrl: null });
  });

  it('lets an organization without a contact or portal stay without one', () => {
    const bare = generalValuesOf({
      name: 'New',
      domain: [],
      callbackUrls: [],
      primaryContact: null,
      biPortal: { defaultStates: [] },
    });
    expect(validateGeneral(bare, bare)).toEqual({});
    expect(toUpdateOrganizationInput(bare, bare)).toBeNull();
    expect(validateGeneral({ ...bare, contactName: 'Half' }, bare)).toEqual({ 'primaryContact.email': EMAIL_MESSAGE });
  });
});

describe('US states', () => {
  it('finds states by code or name, an exact code first', () => {
    expect(matchStates('ca')[0]).toEqual({ code: 'CA', name: 'California' });
    expect(matchStates('new').map((state) => state.code)).toEqual(['NH', 'NJ', 'NM', 'NY']);
    expect(matchStates('').length).toBe(56);
  });

  it('orders chosen codes and drops repeats, keeping codes it does not know', () => {
    expect(orderStates(['TX', 'AL', 'TX', 'ZZ'])).toEqual(['AL', 'TX', 'ZZ']);
  });
});
