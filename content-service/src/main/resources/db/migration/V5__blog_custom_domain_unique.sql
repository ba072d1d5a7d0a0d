-- A custom domain names one blog: Ghost's base URL on that domain (/ghost/api/content/) is served for it.
CREATE UNIQUE INDEX blog_custom_domain_key ON blog (custom_domain);
