// SweetAlert2's entry without its injected <style> element ships no types of its own: it is the same API.
declare module 'sweetalert2/dist/sweetalert2.esm.js' {
  import Swal from 'sweetalert2';
  export default Swal;
}
