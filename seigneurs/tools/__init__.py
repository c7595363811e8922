"""What measures and demonstrates the product; the product never imports it."""
