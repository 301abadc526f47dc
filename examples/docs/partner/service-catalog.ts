import { PartnerClient } from '@viewlink/partner';

const viewlink = new PartnerClient({ apiKey: process.env.VIEWLINK_API_KEY!, baseUrl: 'https://api.viewlink.example' });

// No user needed: the catalog is public. Keep the services offered in the user's country.
const { services } = await viewlink.services();
const picker = services
  .filter((service) => service.countries.includes('DE'))
  .map((service) => ({ id: service.id, label: service.name, disabled: !service.link_available }));

export { picker };
