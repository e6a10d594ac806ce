-- Every database starts with one settings row, so a page never lacks a store name, contacts or the
-- delivery fee (SPEC.md section 9: N2,600). Placeholders until an admin fills them in; the demo
-- seed adds hero images.
INSERT INTO "store_settings" ("id", "store_name", "support_email", "support_phone", "business_hours", "delivery_fee", "hero_slides", "banner_text")
VALUES (
  1,
  'Maison Placeholder',
  'support@example.com',
  '+234 800 000 0000',
  '[{"days":"Monday - Friday","hours":"9AM - 6PM"},{"days":"Saturday","hours":"10AM - 4PM"},{"days":"Sunday","hours":"Closed"}]',
  260000,
  '[{"image":"","title":"Street Luxury, Made in Lagos","subtitle":"The new season is here.","link":"/collections","buttonText":"Shop Now"},{"image":"","title":"Tailored for the City","subtitle":"Outerwear built to last.","link":"/collections","buttonText":"Explore"},{"image":"","title":"Accessories That Speak","subtitle":"Finish every look.","link":"/collections","buttonText":"Discover"}]',
  'Up to 40% off'
)
ON CONFLICT ("id") DO NOTHING;
