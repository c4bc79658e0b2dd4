# Warnings on and clean; floating-point contraction off so CPU results are reproducible and
# comparable bit for bit with the CUDA parity build.
add_compile_options(
  $<$<COMPILE_LANGUAGE:C>:-Wall>
  $<$<COMPILE_LANGUAGE:C>:-Wextra>
  $<$<COMPILE_LANGUAGE:C>:-Wshadow>
  $<$<COMPILE_LANGUAGE:C>:-Wno-unused-function>
  $<$<COMPILE_LANGUAGE:C>:-ffp-contract=off>)
